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
 * The language dropdown: links to this page in each locale, in a <details> element, so it opens
 * without JavaScript too. Its behaviour (remembering the choice, the notice for a locale without
 * this page) is in widgets/shellBehaviours.ts.
 */
export function LanguageSwitch({ current, label, options }: LanguageSwitchProps) {
  const selected = options.find((option) => option.code === current) ?? options[0]!;
  return (
    <details className="lang-switch">
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
              data-locale={option.code}
              data-unavailable={option.available ? undefined : ''}
            >
              {option.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
