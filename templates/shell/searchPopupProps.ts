import type { PageContext } from '../context.tsx';
import type { MessageKey } from '../i18n.ts';
import type { SearchPopupProps } from './SearchPopup.tsx';

/** The five recommended quick searches, in the order the popup lists them (docs/product.md, "Shell"). */
export const quickSearchKeys: MessageKey[] = [
  'shell.searchSuggestion.events',
  'shell.searchSuggestion.quiz',
  'shell.searchSuggestion.performance',
  'shell.searchSuggestion.covid19',
  'shell.searchSuggestion.download',
];

/** The search icon's popup for this page: the locale's search page and the quick searches. */
export function searchPopupProps({ t, href }: PageContext): SearchPopupProps {
  const action = href('/search');
  return {
    action,
    suggestions: quickSearchKeys.map((key) => {
      const text = t(key);
      return { text, href: `${action}?${new URLSearchParams({ query: text })}` };
    }),
    texts: {
      open: t('header.search'),
      label: t('shell.searchLabel'),
      placeholder: t('shell.searchPlaceholder'),
      submit: t('shell.searchSubmit'),
      clear: t('shell.searchClear'),
      close: t('shell.searchClose'),
      suggestions: t('shell.searchSuggestions'),
    },
  };
}
