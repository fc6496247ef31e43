/** out/index.html: go to the locale in the i18n_redirected cookie, else the default locale. */
import { rememberedLocale } from './localeCookie.ts';

const script = document.currentScript as HTMLScriptElement | null;
const locales = (script?.dataset.locales ?? '').split(' ');
const fallback = script?.dataset.fallback ?? '/zh_TW';
const chosen = rememberedLocale(document.cookie, locales);
location.replace(chosen ? `/${chosen}` : fallback);
