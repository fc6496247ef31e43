/** Site addresses as content writes them: `/focus/care/safe?focus=focus441`, `/zh_TW/about`, `/assets/…`. */

/** `/focus/care/safe?focus=focus441#x` or `/zh_TW/about` → the route name (`focus/care/safe`, `about`). */
export function routeNameOf(url: string): string {
  const path = url.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return path.replace(/^\/(zh_TW|zh_CN|en)(?=\/|$)/, '').replace(/^\//, '');
}

/** Adds the page's locale to a site path written without one. Assets and full addresses stay. */
export function localize(url: string, locale: string): string {
  if (!url.startsWith('/') || url.startsWith('/assets/') || /^\/(zh_TW|zh_CN|en)(\/|$|[?#])/.test(url)) return url;
  return url === '/' ? `/${locale}` : `/${locale}${url}`;
}

/** The section a link asks for: its `?focus=` and its `#fragment`, each when it has one. */
export function sectionsAskedFor(url: string): string[] {
  const focus = /[?&]focus=([^&#]+)/.exec(url)?.[1];
  const fragment = /#(.+)$/.exec(url)?.[1];
  return [focus, fragment].filter((id): id is string => Boolean(id));
}

/** A file of content/assets a link names, without its query or fragment: `/assets/reports/x.pdf#page=3` → `/assets/reports/x.pdf`. */
export function assetPathOf(url: string): string {
  return url.replace(/[?#].*$/, '');
}
