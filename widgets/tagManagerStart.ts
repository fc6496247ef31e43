/**
 * The tag manager's start event (docs/product.md, "Tag manager"), as a file of its own rather than
 * an inline script, so the Content-Security-Policy can forbid inline scripts. Runs before the
 * container script, which the page lists after it.
 */
const page = window as unknown as { dataLayer?: unknown[] };
page.dataLayer = page.dataLayer || [];
page.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
