import { useEffect, useRef } from 'react';
import { rememberLocale } from './localeCookie.ts';

export interface LanguageOption {
  code: string;
  iso: string;
  name: string;
  alias: string;
  href: string;
}

export interface LanguageSwitchProps {
  current: string;
  label: string;
  options: LanguageOption[];
}

/**
 * The language dropdown: links to this page in each locale. Choosing one remembers it in the
 * i18n_redirected cookie. A <details> element, so it opens without JavaScript too.
 */
export default function LanguageSwitch({ current, label, options }: LanguageSwitchProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const selected = options.find((option) => option.code === current) ?? options[0]!;

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <details ref={ref} className="lang-switch">
      <summary aria-label={`${label}: ${selected.name}`}>
        <span className="icon-globe" aria-hidden="true" />
        <span className="lang-name">{selected.name}</span>
        <span className="lang-alias" aria-hidden="true">{selected.alias}</span>
      </summary>
      <ul className="lang-options">
        {options.map((option) => (
          <li key={option.code}>
            <a href={option.href} hrefLang={option.iso} lang={option.iso} aria-current={option.code === current ? 'true' : undefined} onClick={() => rememberLocale(option.code)}>
              {option.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
