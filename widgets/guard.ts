/**
 * The English route guard (docs/product.md, "Pages"): this /en/ page has no English edition.
 * Remember to show the 'English version under construction' notice, then go back to the previous
 * page of this site, or to the default locale's home when there is none.
 */
import { englishNoticeKey } from './englishNotice.ts';

const script = document.currentScript as HTMLScriptElement | null;
const fallback = '/zh_TW';

function previousPage(): string | undefined {
  if (!document.referrer) return undefined;
  try {
    const previous = new URL(document.referrer);
    if (previous.origin !== location.origin || previous.pathname === location.pathname) return undefined;
    return previous.pathname + previous.search + previous.hash;
  } catch {
    return undefined;
  }
}

sessionStorage.setItem(englishNoticeKey, 'guard');
location.replace(previousPage() ?? script?.dataset.home ?? fallback);
