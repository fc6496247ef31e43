/**
 * The chosen locale is remembered for 365 days in `i18n_redirected`, path /, SameSite=Lax
 * (docs/product.md, "Shell").
 */
export const localeCookieName = 'i18n_redirected';
export const localeCookieDays = 365;

export function rememberLocale(code: string): void {
  const maxAge = localeCookieDays * 24 * 60 * 60;
  document.cookie = `${localeCookieName}=${encodeURIComponent(code)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function rememberedLocale(cookie: string, known: readonly string[]): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${localeCookieName}=([^;]*)`).exec(cookie);
  const value = match ? decodeURIComponent(match[1]!) : undefined;
  return value && known.includes(value) ? value : undefined;
}
