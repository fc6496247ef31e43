import type { SourceFile } from '../content/source.ts';
import { ContentDataCache } from '../content/yamlCache.ts';
import { validateDocument } from '../content/schemas.ts';
import { ContentErrors, type ContentProblem } from '../errors.ts';
import type { Site } from '../content/types.ts';
import type { LoadedContent, LoadedFile } from './load.ts';

/** A content file that passed its schema. */
export interface ContentDocument<T = unknown> {
  data: T;
  source: SourceFile;
  /** The Markdown body of an event file. */
  body?: string;
}

/** Valid documents of each locale folder, keyed by their path inside it. */
export interface ValidContent {
  contentDir: string;
  site: ContentDocument<Site>;
  folders: Record<string, Map<string, ContentDocument>>;
  assets: Set<string>;
}

/** Parses and checks every file against its schema; throws all problems of all files at once. */
export function validateContent(loaded: LoadedContent): ValidContent {
  const problems: ContentProblem[] = [...loaded.problems];
  const cache = new ContentDataCache();
  const check = (file: LoadedFile): ContentDocument | undefined => {
    const parsed = cache.dataOf(file.source);
    if ('problems' in parsed) {
      problems.push(...parsed.problems);
      return undefined;
    }
    const { data } = parsed;
    // zh_CN files override zh_TW ones, and UI messages missing outside zh_TW fall back to zh_TW (a warning).
    const partial = file.locale === 'zh_CN' || (file.locale !== 'zh_TW' && file.kind.schema === 'messages');
    const found = validateDocument(file.source, file.kind.schema, data ?? {}, { partial });
    problems.push(...found);
    if (found.length) return undefined;
    file.source.releaseYaml();
    return { data, source: file.source, body: file.body };
  };
  const site = check(loaded.site) as ContentDocument<Site> | undefined;
  const folders: Record<string, Map<string, ContentDocument>> = {};
  for (const file of loaded.files) {
    const document = check(file);
    if (document) (folders[file.locale!] ??= new Map()).set(file.path, document);
  }
  cache.save();
  if (problems.length || !site) throw new ContentErrors(problems);
  return { contentDir: loaded.contentDir, site, folders, assets: loaded.assets };
}
