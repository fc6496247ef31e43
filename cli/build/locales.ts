import { convertTexts, saveConversions } from '../content/convert.ts';
import { shellFiles } from '../content/catalog.ts';
import { ContentErrors, type ContentProblem } from '../errors.ts';
import { warn } from '../log.ts';
import type { Menu, Messages, Site, Sitemap } from '../content/types.ts';
import type { ContentDocument, ValidContent } from './validate.ts';

export type LocaleCode = 'zh_TW' | 'zh_CN' | 'en';
export type Origin = 'written' | 'converted' | 'overridden';

/** Everything one locale's pages are made from, complete and in that locale's script. */
export interface LocaleModel {
  code: LocaleCode;
  iso: string;
  name: string;
  alias: string;
  messages: Messages;
  menu: Menu;
  sitemap: Sitemap;
  /** Documents by path inside the locale folder (`pages/about.yaml`). */
  documents: Map<string, ContentDocument>;
  /** How each document came to be: written in this locale, converted from zh_TW, or converted and then overridden. */
  origins: Map<string, Origin>;
}

export interface SiteModel {
  site: Site;
  contentDir: string;
  assets: Set<string>;
  locales: LocaleModel[];
}

/**
 * zh_TW is complete. zh_CN = zh_TW converted to Simplified, with the editor's zh_CN files laid over
 * it. en = only what is written in English.
 */
export function resolveLocales(content: ValidContent): SiteModel {
  const site = content.site.data;
  const base = content.folders.zh_TW ?? new Map<string, ContentDocument>();
  const problems: ContentProblem[] = [];
  const locales = site.locales.map((locale) => {
    const own = content.folders[locale.file] ?? new Map<string, ContentDocument>();
    const documents = new Map<string, ContentDocument>();
    const origins = new Map<string, Origin>();
    if (locale.code === 'zh_CN') {
      for (const [path, document] of base) {
        const override = own.get(path);
        // Precedence, lowest first: zh_TW text → its Simplified conversion → the zh_CN editor's file.
        const data = override ? overlay(convertTexts(document.data), override.data) : convertTexts(document.data);
        documents.set(path, { ...document, data, body: override?.body ?? (document.body === undefined ? undefined : convertTexts(document.body)) });
        origins.set(path, override ? 'overridden' : 'converted');
      }
      for (const [path, document] of own) {
        if (!base.has(path)) problems.push(orphan(document, path));
      }
    } else {
      for (const [path, document] of own) {
        documents.set(path, document);
        origins.set(path, 'written');
      }
    }
    for (const shell of shellFiles) {
      if (!documents.has(shell)) problems.push(missingShell(content.contentDir, locale.file, shell));
    }
    return {
      code: locale.code,
      iso: locale.iso,
      name: locale.name,
      alias: locale.alias,
      messages: withFallback(documents.get('messages.yaml')?.data as Messages | undefined, base.get('messages.yaml')?.data as Messages | undefined, locale.code),
      menu: documents.get('menu.yaml')?.data as Menu,
      sitemap: documents.get('sitemap.yaml')?.data as Sitemap,
      documents,
      origins,
    };
  });
  saveConversions();
  if (problems.length) throw new ContentErrors(problems);
  return { site, contentDir: content.contentDir, assets: content.assets, locales };
}

/** UI messages a locale lacks are shown in zh_TW, with a warning naming them (`esg i18n` lists them too). */
function withFallback(own: Messages | undefined, fallback: Messages | undefined, code: string): Messages {
  const missing = Object.keys(fallback ?? {}).filter((key) => !own?.[key as keyof Messages]);
  if (own && missing.length) warn(`${code}/messages.yaml lacks ${missing.length} UI ${missing.length === 1 ? 'message' : 'messages'} (${missing.join(', ')}); the zh_TW text is shown`);
  return { ...fallback, ...own } as Messages;
}

/** Objects merge key by key; lists and texts of the override replace the base's whole. */
export function overlay(base: unknown, override: unknown): unknown {
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(override)) merged[key] = key in base ? overlay(base[key], value) : value;
    return merged;
  }
  return override;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function orphan(document: ContentDocument, path: string): ContentProblem {
  return { file: document.source.file, line: 1, column: 1, field: '', message: `has no zh_TW original (content/zh_TW/${path})`, hint: 'zh_CN files only override zh_TW ones; write the zh_TW file first' };
}

function missingShell(contentDir: string, folder: string, file: string): ContentProblem {
  return { file: `${contentDir.replace(/\/$/, '')}/${folder}/${file}`.replace(`${process.cwd()}/`, ''), line: 1, column: 1, field: '', message: 'is missing', hint: `every locale needs ${shellFiles.join(', ')} for the header, menu and footer` };
}
