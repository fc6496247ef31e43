import { createContext, useContext, useState, type ReactNode } from 'react';
import { editorLanguages, htmlLang, languageCookie, type EditorLanguage } from '../schemas/editApi.ts';
import { translate, type MessageKey } from './messages.ts';

interface LanguageState {
  language: EditorLanguage;
  choose: (language: EditorLanguage) => void;
}

const LanguageContext = createContext<LanguageState>({ language: 'zh_TW', choose: () => undefined });

/** The language the server gave the page (`<html lang>`, from the writer's choice or the browser's languages). */
const pageLanguage = (): EditorLanguage => editorLanguages.find((language) => htmlLang[language] === document.documentElement.lang) ?? 'zh_TW';

/** The interface's language for everything inside, switchable: the choice is kept in a cookie for the next visit. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(pageLanguage);
  const choose = (chosen: EditorLanguage) => {
    document.cookie = `${languageCookie}=${chosen}; Path=/; SameSite=Strict; Max-Age=31536000`;
    document.documentElement.lang = htmlLang[chosen];
    document.title = translate(chosen, 'app.title');
    setLanguage(chosen);
  };
  return <LanguageContext.Provider value={{ language, choose }}>{children}</LanguageContext.Provider>;
}

/** The interface's language and what switches it. */
export const useLanguage = () => useContext(LanguageContext);

/** The text of a message key in the interface's language: `t('editor.save')`. */
export function useText(): (key: MessageKey, values?: Record<string, string | number>) => string {
  const { language } = useLanguage();
  return (key, values) => translate(language, key, values);
}

/** 繁體中文 | 简体中文 | English, in the header: each language named in itself, the current one pressed. */
export function LanguageSwitch() {
  const { language, choose } = useLanguage();
  const t = useText();
  const names: Record<EditorLanguage, { name: string; lang: string }> = {
    zh_TW: { name: '繁體中文', lang: htmlLang.zh_TW },
    zh_CN: { name: '简体中文', lang: htmlLang.zh_CN },
    en: { name: 'English', lang: 'en' },
  };
  return (
    <div className="language-switch" role="group" aria-label={t('app.language')}>
      {(Object.keys(names) as EditorLanguage[]).map((code) => (
        <button key={code} type="button" lang={names[code].lang} aria-pressed={code === language} onClick={() => choose(code)}>
          {names[code].name}
        </button>
      ))}
    </div>
  );
}
