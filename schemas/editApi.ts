/**
 * What the local editor's page (editor/) and its server (cli/edit/) agree on, as forms.ts is for
 * the site's forms: a problem of a save, at its field, and the language of the interface.
 */
export interface EditProblem {
  /** The content file, as the editor lists it. */
  file: string;
  /** The field path, `sections[0].id`; empty for the whole file. */
  field: string;
  message: string;
  /** The catalogue's code: `ESG4006`. */
  code: string;
  line: number;
  column: number;
  hint?: string;
  /** The message and hint in Traditional Chinese (cli/errorCatalogue.zh_TW.ts), shown by a zh_TW interface. */
  zh_TW?: { message: string; hint?: string };
}

/** The languages of the editor's interface: Traditional Chinese first, the report team's. */
export const editorLanguages = ['zh_TW', 'en'] as const;
export type EditorLanguage = (typeof editorLanguages)[number];

/** `<html lang>` of each. */
export const htmlLang: Record<EditorLanguage, string> = { zh_TW: 'zh-Hant-TW', en: 'en' };

/** The cookie that keeps a writer's choice of language (the switch in the editor's header). */
export const languageCookie = 'esg-edit-lang';

/**
 * The interface's language: the writer's choice (the cookie), else the first of the browser's
 * languages (`Accept-Language`, in its order of preference) that is Chinese or English, else
 * Traditional Chinese.
 */
export function editorLanguage(cookie: string | undefined, acceptLanguage: string | undefined): EditorLanguage {
  const chosen = /(?:^|;\s*)esg-edit-lang=([^;]+)/.exec(cookie ?? '')?.[1];
  if (chosen === 'zh_TW' || chosen === 'en') return chosen;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().toLowerCase().split(';');
      const weight = parameters.map((parameter) => /^q=([\d.]+)$/.exec(parameter.trim())?.[1]).find(Boolean);
      return { tag, weight: weight === undefined ? 1 : Number(weight) };
    })
    .filter(({ tag, weight }) => weight > 0 && /^(zh|en)\b/.test(tag))
    .sort((a, b) => b.weight - a.weight)[0];
  return preferred?.tag.startsWith('en') ? 'en' : 'zh_TW';
}
