import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import matter from 'gray-matter';
import { decodeContent } from '../../content/encoding.ts';
import { parseYamlSource } from '../../content/source.ts';
import {
  editionFile,
  editionsFolder,
  editionYear,
  kindOf,
  localeFolders,
  metricsFile,
  siteFile,
  siteWideFiles,
  synonymsFile,
  type ContentKind,
} from '../../content/catalog.ts';
import { errors } from '../../errorCatalogue.ts';
import { problem, UsageError, type ContentProblem } from '../../errors.ts';
import { displayPath } from '../../paths.ts';
import { isInside, realTarget, walk } from '../../content/walk.ts';
import { evidenceFolder } from '../../content/trace.ts';
import type { LoadedFile } from '../../content/documents.ts';
import type { BuildSession } from '../session.ts';

export interface LoadedContent {
  contentDir: string;
  site: LoadedFile;
  /** content/metrics.yaml, when the site has one. */
  metrics?: LoadedFile;
  /** content/synonyms.yaml, when the site has one. */
  synonyms?: LoadedFile;
  /** content/editions/<year>/metrics.json: the figures of each published edition, by year. */
  editions: Map<number, LoadedFile>;
  files: LoadedFile[];
  /** Files under content/assets, as site paths: `/assets/images/banner-1.svg`. */
  assets: Set<string>;
  /** Files under content/assets not read: symbolic links leading outside content/, reported once here (ESG1006). */
  refusedAssets: Set<string>;
  /**
   * Files under content/evidence, as paths inside it (`2024/ghg-inventory.csv`): listed for the
   * registry's checks, never read or published.
   */
  evidence: Set<string>;
}

/**
 * File texts to read instead of what is on disk, by absolute path: `esg edit` checks an unsaved
 * change (or a file it is making) with the whole content before writing it.
 */
export type ReplacedTexts = ReadonlyMap<string, string>;

/** Reads every content file with its text, so later stages can point at lines in it. */
export function loadContent(session: BuildSession, contentDir: string, problems: ContentProblem[], replaced: ReplacedTexts = new Map()): LoadedContent {
  if (!existsSync(join(contentDir, siteFile.pattern))) throw new UsageError(errors.notContentFolder, displayPath(contentDir));
  const root = realpathSync(contentDir);
  // The Markdown files the session's last load read: an unchanged file's front matter and body are taken from there, split once.
  const last = session.markdownFiles;
  const known = last.cwd === process.cwd() ? last.files : new Map<string, LoadedFile>();
  const markdown = new Map<string, LoadedFile>();
  /** A file that is not read: its page still exists, with this problem (02-validate.ts). */
  const unread = (absolute: string, kind: ContentKind, locale: string | null, path: string, why: ContentProblem): LoadedFile => ({
    source: parseYamlSource(displayPath(absolute), ''),
    kind,
    locale,
    path,
    unread: why,
  });
  const read = (absolute: string, kind: ContentKind, locale: string | null, path: string): LoadedFile => {
    const { text, problem: undecoded } = readText(absolute, replaced);
    if (undecoded) return unread(absolute, kind, locale, path, undecoded);
    if (!kind.markdown) return { source: parseYamlSource(displayPath(absolute), text), kind, locale, path };
    // gray-matter takes what follows the opening `---` as the name of the front matter's language, and throws on any but YAML's.
    const opening = /^---([^\n]*)/.exec(text)?.[1]?.trimEnd();
    if (opening && opening !== 'yaml')
      return unread(absolute, kind, locale, path, problem(errors.frontMatterOpening, { file: displayPath(absolute), line: 1, column: 4 }, opening));
    const before = known.get(absolute);
    const file = before?.source.text === text ? before : readMarkdown(absolute, kind, locale!, path, text);
    markdown.set(absolute, file);
    return file;
  };
  const siteWide = (kind: ContentKind): LoadedFile | undefined => {
    const absolute = join(contentDir, kind.pattern);
    if (!existsSync(absolute)) return undefined;
    return isInside(root, absolute) ? read(absolute, kind, null, kind.pattern) : unread(absolute, kind, null, kind.pattern, linkProblem(absolute));
  };
  /** Each file of a folder of content/ with the kind `kindIn` finds for its path inside it; a file of no kind is a problem. */
  const folderFiles = (full: string, kindIn: (path: string) => ContentKind | undefined, locale: string | null, prefix = ''): LoadedFile[] => {
    const refused: string[] = [];
    const paths = [...walk(full, root, (path) => refused.push(path)), ...addedIn(full, replaced)];
    return [...paths, ...refused].flatMap((path) => {
      const kind = kindIn(path);
      const absolute = join(full, path);
      const link = refused.includes(path) ? linkProblem(absolute) : undefined;
      if (kind) return [link ? unread(absolute, kind, locale, prefix + path, link) : read(absolute, kind, locale, prefix + path)];
      problems.push(link ?? problem(errors.unknownFile, { file: displayPath(absolute) }));
      return [];
    });
  };
  const files: LoadedFile[] = [];
  const editions = new Map<number, LoadedFile>();
  for (const entry of readdirSync(contentDir).sort()) {
    const full = join(contentDir, entry);
    if (siteWideFiles.some((kind) => kind.pattern === entry) || entry === 'assets' || entry === evidenceFolder || entry.startsWith('.')) continue;
    const folder = localeFolders.includes(entry) || entry === editionsFolder;
    if (!folder || !statSync(full).isDirectory()) {
      problems.push(problem(errors.strayEntry, { file: displayPath(full) }, localeFolders));
      continue;
    }
    if (!isInside(root, full)) problems.push(linkProblem(full));
    else if (entry === editionsFolder) {
      const prefix = `${editionsFolder}/`;
      for (const file of folderFiles(full, (path) => (editionYear(prefix + path) ? editionFile : undefined), null, prefix))
        editions.set(editionYear(file.path)!, file);
    } else files.push(...folderFiles(full, kindOf, entry));
  }
  session.markdownFiles = { cwd: process.cwd(), files: markdown };
  const site = siteWide(siteFile)!;
  return {
    contentDir,
    site,
    metrics: siteWide(metricsFile),
    synonyms: siteWide(synonymsFile),
    editions,
    files,
    ...listAssets(contentDir, root, problems),
    evidence: listEvidence(contentDir, root, problems),
  };
}

/** The files of `replaced` under `folder` that are not on disk yet (a file `esg edit` is making), as paths inside it. */
function addedIn(folder: string, replaced: ReplacedTexts): string[] {
  return [...replaced.keys()]
    .filter((absolute) => absolute.startsWith(`${folder}${sep}`) && !existsSync(absolute))
    .map((absolute) => relative(folder, absolute).split(sep).join('/'));
}

/**
 * A file's text (or the one `esg edit` checks in its place) with Windows line endings made plain:
 * gray-matter leaves a lone `\r` at the end of a front matter saved with them, which the YAML
 * parser reads as part of the last value. Lines and columns stay the same. A file that is not
 * UTF-8 gives its problem instead (encoding.ts).
 */
function readText(absolute: string, replaced: ReplacedTexts): { text: string; problem?: ContentProblem } {
  const given = replaced.get(absolute);
  const read = given === undefined ? decodeContent(displayPath(absolute), readFileSync(absolute)) : { text: given };
  return { ...read, text: read.text.replace(/\r\n?/g, '\n') };
}

function readMarkdown(absolute: string, kind: ContentKind, locale: string, path: string, text: string): LoadedFile {
  // gray-matter splits the file; the front matter is parsed by `yaml` so errors keep their lines.
  // Its front matter starts with the line break that ends the opening `---`, so the lines already match the file's.
  const parts = matter(text, { engines: { yaml: () => ({}) } });
  const source = parseYamlSource(displayPath(absolute), text, parts.matter);
  return { source, kind, locale, path, body: parts.content };
}

/** A symbolic link that leads outside content/ (or nowhere), refused where it is. */
function linkProblem(absolute: string): ContentProblem {
  const target = realTarget(absolute) ?? `${readlinkSync(absolute)}, which does not exist`;
  return problem(errors.linkLeavesContent, { file: displayPath(absolute) }, target);
}

/** The files of content/evidence as paths inside it; a symbolic link leading outside content/ is refused as in assets. */
function listEvidence(contentDir: string, root: string, problems: ContentProblem[]): Set<string> {
  const dir = join(contentDir, evidenceFolder);
  if (!existsSync(dir)) return new Set();
  if (!isInside(root, dir)) {
    problems.push(linkProblem(dir));
    return new Set();
  }
  return new Set(walk(dir, root, (path) => problems.push(linkProblem(join(dir, path)))));
}

/** The files of content/assets as site paths, and those refused (symbolic links leading outside content/). */
function listAssets(contentDir: string, root: string, problems: ContentProblem[]): Pick<LoadedContent, 'assets' | 'refusedAssets'> {
  const dir = join(contentDir, 'assets');
  const refusedAssets = new Set<string>();
  if (!existsSync(dir)) return { assets: new Set(), refusedAssets };
  if (!isInside(root, dir)) {
    problems.push(linkProblem(dir));
    return { assets: new Set(), refusedAssets };
  }
  // A link into content/evidence would publish what is never published.
  const evidence = realTarget(join(root, evidenceFolder));
  const assets = new Set(
    walk(
      dir,
      root,
      (path) => {
        refusedAssets.add(`/assets/${path}`);
        const target = realTarget(join(dir, path));
        problems.push(
          evidence && target && isInside(evidence, target)
            ? problem(errors.evidenceLink, { file: displayPath(join(dir, path)) }, relative(root, target).split(sep).join('/'))
            : linkProblem(join(dir, path)),
        );
      },
      evidence ? [evidence] : [],
    ).map((path) => `/assets/${path}`),
  );
  return { assets, refusedAssets };
}
