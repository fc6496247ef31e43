import { join } from 'node:path';
import { convertTexts } from '../../content/convert.ts';
import { shellFiles } from '../../content/catalog.ts';
import { checkDocument } from '../../content/schemas.ts';
import { isUnpublished } from '../../content/unpublished.ts';
import { errors } from '../../errorCatalogue.ts';
import { problem, type ContentProblem } from '../../errors.ts';
import { warn } from '../../log.ts';
import { displayPath } from '../../paths.ts';
import { type ContentDocument, isDocumentOf, type PartialDocument } from '../../content/documents.ts';
import { isPlainObject, type LocaleModel, type Origin, overlay, type SiteModel } from '../model/site.ts';
import type { ValidContent } from './02-validate.ts';
import { localeVocabulary, scriptOfLocale, type IndexScript } from '../search/scriptPairs.ts';
import { remembered, type BuildSession } from '../session.ts';

export type { LocaleCode } from '../../../templates/context.tsx';
/**
 * zh_TW is complete. zh_CN = zh_TW converted to Simplified, with the editor's zh_CN files laid over
 * it. en = only what is written in English, but for unpublished translations (content/unpublished.ts). Other locales' UI
 * messages are laid over zh_TW's.
 */
export function resolveLocales(session: BuildSession, content: ValidContent, site: ContentDocument<'site'>, problems: ContentProblem[]): SiteModel {
  const base = content.folders.zh_TW ?? new Map<string, ContentDocument>();
  const baseBroken = content.broken.zh_TW ?? new Set<string>();
  const locales = site.data.locales.map((entry): LocaleModel => {
    const locale: LocaleModel = {
      code: entry.code,
      iso: entry.iso,
      name: entry.name,
      alias: entry.alias,
      documents: new Map(),
      origins: new Map(),
      broken: new Set(content.broken[entry.file]),
      missingMessages: [],
      metrics: new Map(),
      vocabulary: { synonyms: [], variants: [] },
    };
    const partial = content.partial[entry.file] ?? new Map<string, PartialDocument>();
    if (locale.code === 'zh_CN') {
      for (const path of baseBroken) locale.broken.add(path);
      for (const [path, document] of base) {
        const made = zhCnDocument(session, document, partial.get(path));
        if ('problems' in made) {
          problems.push(...made.problems);
          locale.broken.add(path);
          continue;
        }
        locale.documents.set(path, made.document);
        locale.origins.set(path, made.origin);
      }
      for (const [path, override] of partial) {
        if (!base.has(path) && !baseBroken.has(path)) problems.push(problem(errors.orphanOverride, { file: override.source.file }, path));
      }
    } else {
      for (const [path, document] of content.folders[entry.file] ?? []) {
        if (locale.code !== site.data.defaultLocale && isUnpublished(document.source.yamlText) && !shellFiles.includes(path)) continue;
        locale.documents.set(path, document);
        locale.origins.set(path, 'written');
      }
      const messages = partial.get('messages.yaml');
      if (messages) withBaseMessages(session, locale, messages, base.get('messages.yaml'), problems);
    }
    locale.vocabulary = vocabularyOf(session, content.synonyms ?? noSynonyms, scriptOfLocale(entry.iso));
    for (const shell of shellFiles) {
      if (!locale.documents.has(shell) && !locale.broken.has(shell))
        problems.push(problem(errors.missingShellFile, { file: displayPath(join(content.contentDir, entry.file, shell)) }, shellFiles));
    }
    return locale;
  });
  return { site: site.data, siteSource: site.source, contentDir: content.contentDir, assets: content.assets, refusedAssets: content.refusedAssets, locales };
}

/** What the zh_CN document of a zh_TW file is: its conversion, or the override laid over it; or the override's problems. */
type ZhCnDocument = { document: ContentDocument; origin: Origin } | { problems: ContentProblem[] };

/**
 * The zh_CN document of one zh_TW file. Precedence, lowest first: zh_TW text → its Simplified
 * conversion → the zh_CN editor's file, checked whole once laid over. Remembered (`remembered`): a
 * rebuild converts the changed file alone.
 */
const zhCnDocument = remembered((session: BuildSession, document: ContentDocument, override: PartialDocument | undefined): ZhCnDocument => {
  const converted: ContentDocument = {
    ...document,
    data: convertTexts(document.data, session.simplified),
    body: document.body === undefined ? undefined : convertTexts(document.body, session.simplified),
  };
  if (!override) return { document: converted, origin: 'converted' };
  const checked = checkDocument(override.source, document.schema, overlay(converted.data, override.data));
  if (checked.problems) return { problems: checked.problems };
  return { document: { schema: document.schema, data: checked.data, source: override.source, body: override.body ?? converted.body }, origin: 'overridden' };
});

/** A locale's vocabulary, remembered for the synonyms document it is made from. */
const vocabularyOf = remembered((session: BuildSession, synonyms: ContentDocument<'synonyms'> | typeof noSynonyms, script: IndexScript) =>
  localeVocabulary('data' in synonyms ? synonyms.data : undefined, script, session.simplified),
);
const noSynonyms: object = Object.freeze({});

/** UI messages a locale lacks are shown in zh_TW, with a warning naming them (`esg i18n` lists them too). */
function withBaseMessages(
  session: BuildSession,
  locale: LocaleModel,
  own: PartialDocument,
  fallback: ContentDocument | undefined,
  problems: ContentProblem[],
): void {
  const made = messagesOver(session, own, fallback);
  locale.missingMessages = made.missing;
  if (made.missing.length) warn(errors.missingMessages, own.source.file, made.missing.length, made.missing);
  if ('problems' in made) {
    problems.push(...made.problems);
    locale.broken.add('messages.yaml');
    return;
  }
  locale.documents.set('messages.yaml', made.document);
  locale.origins.set('messages.yaml', 'written');
}

/** A locale's UI messages laid over zh_TW's, checked whole, with the keys it lacks. */
const messagesOver = remembered(
  (
    _session: BuildSession,
    own: PartialDocument,
    fallback: ContentDocument | undefined,
  ): { missing: string[] } & ({ document: ContentDocument } | { problems: ContentProblem[] }) => {
    const base = fallback && isDocumentOf(fallback, 'messages') ? fallback.data : {};
    const written = isPlainObject(own.data) ? own.data : {};
    const missing = Object.keys(base).filter((key) => !(key in written));
    const checked = checkDocument(own.source, 'messages', { ...base, ...written });
    return checked.problems ? { missing, problems: checked.problems } : { missing, document: { schema: 'messages', data: checked.data, source: own.source } };
  },
);
