// The site root: sends the visitor to the default locale's home page.
export const data = { permalink: 'index.html', eleventyExcludeFromCollections: true };

export function render() {
  return '<!DOCTYPE html><html lang="zh-Hant-TW"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><meta name="robots" content="noindex"/><title>正在前往網站</title><link rel="canonical" href="/zh_TW"/><script src="/assets/redirect.js" data-fallback="/zh_TW" data-locales="zh_TW zh_CN en"></script><noscript><meta http-equiv="refresh" content="0; url=/zh_TW"/></noscript></head><body><p><a href="/zh_TW">前往繁體中文版首頁</a></p></body></html>';
}
