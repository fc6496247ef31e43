import { readFileSync, statSync } from 'node:fs';
import type { SchemaName } from '../../schemas/types.ts';
import { isUnpublished } from '../content/unpublished.ts';
import { listContentFiles, type ContentFile, type FileGroup } from './contentFiles.ts';
import { changedFiles, commitTimes, repositoryOf } from './git.ts';

/** How a zh_TW file's text is in another locale. */
export interface Counterpart {
  /** The other locale's file (`en/pages/about.yaml`), whether or not it exists. */
  path: string;
  exists: boolean;
  /** It exists but was last changed before the zh_TW file it translates (or, for zh_CN, overrides). */
  stale: boolean;
  /** It exists, but as a translation not yet published (content/unpublished.ts). */
  unpublished?: boolean;
}

/** One line of the editor's file list (`GET /api/files`). */
export interface ListedFile {
  path: string;
  group: FileGroup;
  locale: string | null;
  schema: SchemaName;
  /** When the file last changed (ISO time), and where that time comes from (see `lastChanges`). */
  changed: string;
  changedBy: 'git' | 'mtime';
  /** For a zh_TW file: its English version and its zh_CN override. */
  translations?: { en: Counterpart; zh_CN: Counterpart };
  /** Its title as its page shows it (a page's or an event's `title`), when it has one. */
  title?: string;
}

/** A file whose words hold every word of a search, and where the first of them is in it. */
export interface FoundFile {
  path: string;
  /** The words around the first match in the file's text, on one line (none when only the path matched). */
  excerpt?: string;
}

/** The locales a zh_TW file is translated into (en) or overridden in (zh_CN). */
const counterpartLocales = ['en', 'zh_CN'] as const;

/**
 * Every content file with its group, locale, schema, last change and, for zh_TW files, translation
 * status; and the files `made` in a team member's change, which content/ does not have yet, as the
 * member sees them.
 */
export async function fileList(contentDir: string, made: { file: ContentFile; text: string }[] = []): Promise<ListedFile[]> {
  const changes = await lastChanges(contentDir, listContentFiles(contentDir));
  const madeTexts = new Map(made.map(({ file, text }) => [file.path, text]));
  for (const { file } of made) changes.set(file.path, { time: Date.now(), by: 'mtime' });
  const files = [...listContentFiles(contentDir), ...made.map(({ file }) => file)];
  const textOf = (file: ContentFile) => madeTexts.get(file.path) ?? readFileSync(file.absolute, 'utf8');
  const byPath = new Map(files.map((file) => [file.path, file]));
  return files.map((file): ListedFile => {
    const change = changes.get(file.path)!;
    const title = titleOf(textOf(file));
    const listed: ListedFile = {
      path: file.path,
      ...(title ? { title } : {}),
      group: file.group,
      locale: file.locale,
      schema: file.kind.schema,
      changed: new Date(change.time).toISOString(),
      changedBy: change.by,
    };
    if (file.locale !== 'zh_TW') return listed;
    const counterpart = (locale: (typeof counterpartLocales)[number]): Counterpart => {
      const path = `${locale}/${file.localPath}`;
      const other = byPath.get(path);
      const unpublished = Boolean(other) && isUnpublished(textOf(other!));
      return { path, exists: Boolean(other), stale: Boolean(other) && changes.get(path)!.time < change.time, ...(unpublished ? { unpublished } : {}) };
    };
    return { ...listed, translations: { en: counterpart('en'), zh_CN: counterpart('zh_CN') } };
  });
}

/**
 * When each file last changed. In a Git repository, a committed file without changes since has
 * its last commit's time: a clone or a checkout gives every file the same, new modification time,
 * which would say nothing of which text was written first. A changed, new or uncommitted file,
 * and every file outside Git, has its modification time. Git is asked about the whole content folder
 * (the file list), or about the files alone (`ask: 'files'`, for one file: not its whole history).
 */
export async function lastChanges(
  contentDir: string,
  files: ContentFile[],
  ask: 'folder' | 'files' = 'folder',
): Promise<Map<string, { time: number; by: 'git' | 'mtime' }>> {
  const root = await repositoryOf(contentDir);
  const scope = ask === 'files' ? files.map((file) => file.path) : ['.'];
  const committed = root ? await commitTimes(contentDir, scope) : new Map<string, number>();
  const changed = new Set(root ? (await changedFiles(contentDir, root, scope)).map((file) => file.path) : []);
  return new Map(
    files.map((file) => {
      const time = committed.get(file.path);
      return [
        file.path,
        time !== undefined && !changed.has(file.path) ? { time, by: 'git' as const } : { time: statSync(file.absolute).mtimeMs, by: 'mtime' as const },
      ];
    }),
  );
}

/** A page's or an event's title, read from a file's text as written (a top-level `title:` line), without parsing the whole file. */
function titleOf(text: string): string | undefined {
  const line = /^title:[ \t]*(.+)$/m.exec(text)?.[1]?.trim();
  if (!line) return undefined;
  const quoted = /^(["'])(.*)\1$/.exec(line);
  return quoted ? quoted[2]!.replace(quoted[1] === "'" ? /''/g : /\\"/g, quoted[1]!) : line.replace(/\s+#.*$/, '');
}

/**
 * The content files a search finds: those whose path and text hold every word of `query`
 * (letters compared without case), so that 淨灘 finds the beach clean-up by its title or its story.
 */
export function findFiles(contentDir: string, query: string, simplified?: (text: string) => string): FoundFile[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  // A query in Simplified characters (a zh_CN writer's 净滩) finds the Traditional text: both are compared in Simplified.
  const inSimplified = simplified && /[\u3400-\u9fff]/.test(query) && simplified(query) === query;
  return listContentFiles(contentDir).flatMap((file): FoundFile[] => {
    const written = readFileSync(file.absolute, 'utf8');
    const text = inSimplified ? simplified(written) : written;
    const lower = text.toLowerCase();
    const path = file.path.toLowerCase();
    if (!words.every((word) => lower.includes(word) || path.includes(word))) return [];
    const at = words.map((word) => lower.indexOf(word)).find((index) => index >= 0);
    return [at === undefined ? { path: file.path } : { path: file.path, excerpt: excerptAt(text, at) }];
  });
}

/** The words around `at` on its line, without the line's YAML key, list dash or quotes: what the writer wrote there. */
function excerptAt(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
  const line = text.slice(lineStart, lineEnd);
  const lead = /^\s*(?:-\s+)?(?:[\w.-]+:\s*)?["']?/.exec(line)![0].length;
  const from = Math.max(lead, at - lineStart - 30);
  const to = Math.min(line.length, at - lineStart + 40);
  const words = line
    .slice(from, to)
    .replace(/["']\s*$/, '')
    .trim();
  return `${from > lead ? '…' : ''}${words}${to < line.length ? '…' : ''}`;
}
