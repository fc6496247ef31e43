import { useEffect, useRef, type MouseEvent } from 'react';
import { rememberLocale } from './localeCookie.ts';
import { closeDetailsOnEscapeOrOutside } from './disclosure.ts';
import { store } from './store.ts';

export interface LanguageOption {
  code: string;
  iso: string;
  name: string;
  alias: string;
  href: string;
  /** False when this page has no edition in the locale (an /en/ page behind the English guard). */
  available: boolean;
}

export interface LanguageSwitchProps {
  current: string;
  label: string;
  options: LanguageOption[];
}

/**
 * The language dropdown: links to this page in each locale. Choosing one remembers it in the
 * i18n_redirected cookie. A <details> element, so it opens without JavaScript too. Choosing a
 * locale that has no edition of this page shows the 'English version under construction' notice
 * here instead of going to the guard page and bouncing back.
 */
export default function LanguageSwitch({ current, label, options }: LanguageSwitchProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const selected = options.find((option) => option.code === current) ?? options[0]!;

  useEffect(() => closeDetailsOnEscapeOrOutside(ref.current!), []);

  function choose(option: LanguageOption, event: MouseEvent) {
    if (option.available) {
      rememberLocale(option.code);
      return;
    }
    event.preventDefault();
    ref.current!.open = false;
    // The notice returns focus to what had it: the dropdown, not the link that is now hidden.
    ref.current!.querySelector('summary')!.focus();
    store.set({ englishNotice: 'unavailable' });
  }

  return (
    <details ref={ref} className="lang-switch">
      <summary aria-label={`${label}: ${selected.name}`}>
        <span className="icon-globe" aria-hidden="true" />
        <span className="lang-name">{selected.name}</span>
        <span className="lang-alias" aria-hidden="true">
          {selected.alias}
        </span>
      </summary>
      <ul className="lang-options">
        {options.map((option) => (
          <li key={option.code}>
            <a
              href={option.href}
              hrefLang={option.iso}
              lang={option.iso}
              aria-current={option.code === current ? 'true' : undefined}
              onClick={(event) => choose(option, event)}
            >
              {option.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
