import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import matter from 'gray-matter';
import { parseYamlSource, type SourceFile } from '../content/source.ts';
import { kindOf, metricsFile, siteFile, siteWideFiles, synonymsFile, type ContentKind } from '../content/catalog.ts';
import { errors } from '../errorCatalogue.ts';
import { problem, UsageError, type ContentProblem } from '../errors.ts';

/** A content file read from disk, not yet validated. */
export interface LoadedFile {
  source: SourceFile;
  kind: ContentKind;
  /** Locale folder it came from, or null for the files directly in content/ (site.yaml …). */
  locale: string | null;
  /** Path inside the locale folder: `pages/about.yaml`, `events/2024-blood-drive.md`. */
  path: string;
  /** The Markdown below the front matter of an event file. */
  body?: string;
}

export interface LoadedContent {
  contentDir: string;
  site: LoadedFile;
  /** content/metrics.yaml, when the site has one. */
  metrics?: LoadedFile;
  /** content/synonyms.yaml, when the site has one. */
  synonyms?: LoadedFile;
  files: LoadedFile[];
  /** Files under content/assets, as site paths: `/assets/images/banner-1.svg`. */
  assets: Set<string>;
}

/** The folders of content/ that hold a locale's files. */
export const localeFolders = ['zh_TW', 'zh_CN', 'en'];

/**
 * File texts to read instead of what is on disk, by absolute path: `esg edit` checks an unsaved
 * change (or a file it is making) with the whole content before writing it.
 */
export type ReplacedTexts = ReadonlyMap<string, string>;

/** Reads every content file with its text, so later stages can point at lines in it. */
export function loadContent(contentDir: string, problems: ContentProblem[], replaced: ReplacedTexts = new Map()): LoadedContent {
  if (!existsSync(join(contentDir, siteFile.pattern))) throw new UsageError(errors.notContentFolder, displayPath(contentDir));
  const readYaml = (absolute: string): SourceFile => parseYamlSource(displayPath(absolute), replaced.get(absolute) ?? readText(absolute));
  const site: LoadedFile = { source: readYaml(join(contentDir, siteFile.pattern)), kind: siteFile, locale: null, path: siteFile.pattern };
  const optional = (kind: ContentKind): LoadedFile | undefined => {
    const path = join(contentDir, kind.pattern);
    return existsSync(path) ? { source: readYaml(path), kind, locale: null, path: kind.pattern } : undefined;
  };
  const files: LoadedFile[] = [];
  const known = lastMarkdown.cwd === process.cwd() ? lastMarkdown.files : new Map<string, LoadedFile>();
  const markdown = new Map<string, LoadedFile>();
  const markdownFile = (absolute: string, kind: ContentKind, locale: string, path: string): LoadedFile => {
    const text = replaced.get(absolute) ?? readText(absolute);
    const last = known.get(absolute);
    const file = last?.source.text === text ? last : readMarkdown(absolute, kind, locale, path, text);
    markdown.set(absolute, file);
    return file;
  };
  for (const entry of readdirSync(contentDir).sort()) {
    const full = join(contentDir, entry);
    if (siteWideFiles.some((kind) => kind.pattern === entry) || entry === 'assets' || entry.startsWith('.')) continue;
    if (!localeFolders.includes(entry) || !statSync(full).isDirectory()) {
      problems.push(problem(errors.strayEntry, { file: displayPath(full) }, localeFolders));
      continue;
    }
    for (const path of [...walk(full), ...addedIn(full, replaced)]) {
      const kind = kindOf(path);
      const absolute = join(full, path);
      if (!kind) {
        problems.push(problem(errors.unknownFile, { file: displayPath(absolute) }));
        continue;
      }
      files.push(kind.markdown ? markdownFile(absolute, kind, entry, path) : { source: readYaml(absolute), kind, locale: entry, path });
    }
  }
  lastMarkdown = { cwd: process.cwd(), files: markdown };
  return { contentDir, site, metrics: optional(metricsFile), synonyms: optional(synonymsFile), files, assets: listAssets(join(contentDir, 'assets')) };
}

/**
 * The Markdown files the last load of this process read, by absolute path, and the folder it ran
 * in (their paths as shown depend on it): a long-running process (`esg dev`) takes an unchanged
 * file's front matter and body from here, split once.
 */
let lastMarkdown = { cwd: '', files: new Map<string, LoadedFile>() };

/** The files of `replaced` under `folder` that are not on disk yet (a file `esg edit` is making), as paths inside it. */
function addedIn(folder: string, replaced: ReplacedTexts): string[] {
  return [...replaced.keys()].filter((absolute) => absolute.startsWith(`${folder}${sep}`) && !existsSync(absolute)).map((absolute) => relative(folder, absolute).split(sep).join('/'));
}

/**
 * A file's text with Windows line endings made plain: gray-matter leaves a lone `\r` at the end
 * of a front matter saved with them, which the YAML parser reads as part of the last value.
 * Lines and columns stay the same.
 */
function readText(absolute: string): string {
  return readFileSync(absolute, 'utf8').replace(/\r\n?/g, '\n');
}

function readMarkdown(absolute: string, kind: ContentKind, locale: string, path: string, text: string): LoadedFile {
  // gray-matter splits the file; the front matter is parsed by `yaml` so errors keep their lines.
  // Its front matter starts with the line break that ends the opening `---`, so the lines already match the file's.
  const parts = matter(text, { engines: { yaml: () => ({}) } });
  const source = parseYamlSource(displayPath(absolute), text, parts.matter);
  return { source, kind, locale, path, body: parts.content };
}

/** Every file under `dir` (names starting with a dot left out), as sorted paths relative to it. */
export function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]));
}

function listAssets(dir: string): Set<string> {
  if (!existsSync(dir)) return new Set();
  return new Set(walk(dir).map((path) => `/assets/${path.split(sep).join('/')}`));
}

/** Paths as editors see them: relative to where the command runs. */
export function displayPath(absolute: string): string {
  const shown = relative(process.cwd(), absolute);
  return (shown.startsWith('..') ? absolute : shown).split(sep).join('/');
}
