import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import {
  indexOptions,
  kindOfLetter,
  queriesOf,
  rankSections,
  type PageShard,
  type RankedSection,
  type SearchIndexFile,
  type SectionDocument,
} from '../../widgets/search/engine.ts';
import type { FetchJson } from '../../widgets/search/shardedIndex.ts';
import type { TermEntries } from '../../widgets/search/shards.ts';
import { indexFileNames } from '../../cli/build/search/localeIndex.ts';
import { sectionsOfPage } from '../../cli/build/search/sections.ts';

/** A locale's index files in a build: the core, the term shards in shard order, the page shards' pages. */
export interface IndexFiles {
  coreUrl: string;
  shardUrls: string[];
  core: SearchIndexFile;
  shards: TermEntries[];
  /** Every page of the index, in index order, as the page shards store it. */
  pages: PageShard;
}

export function readIndexFiles(outDir: string, locale: string): IndexFiles {
  const { core, shards: shardNames } = indexFileNames(readdirSync(join(outDir, '_esg')), locale);
  if (!core) throw new Error(`no search index for ${locale}`);
  const read = (url: string) => JSON.parse(readFileSync(join(outDir, url), 'utf8')) as unknown;
  const coreFile = read(`/_esg/${core}`) as SearchIndexFile;
  const shards = [...shardNames].map((name) => read(`/_esg/${name}`) as TermEntries);
  const pages = coreFile.pageShards.flatMap((shard) => read(shard.url) as PageShard);
  return { coreUrl: `/_esg/${core}`, shardUrls: shardNames.map((name) => `/_esg/${name}`), core: coreFile, shards, pages };
}

/** Reads `/_esg/…` addresses from a build folder, as the search page fetches them from the server. */
export function fetchFrom(outDir: string, requested: string[] = []): FetchJson {
  return async (url) => {
    requested.push(url);
    return JSON.parse(readFileSync(join(outDir, url), 'utf8')) as unknown;
  };
}

/** The page of each section of an index, by section number. */
export function pageOfSection(core: SearchIndexFile): (section: number) => number {
  const pages = core.pageSections.flatMap((count, page) => Array<number>(count).fill(page));
  return (section) => pages[section]!;
}

/** The whole index of a locale, loaded at once from its core and every term shard. */
export function wholeIndex(files: IndexFiles): MiniSearch<SectionDocument> {
  const { core } = files;
  const fields = Object.keys(core.index.fieldIds).length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (let id = 0; id * fields < core.fieldLengths.length; id++) {
    documentIds[id] = id;
    fieldLength[id] = core.fieldLengths.slice(id * fields, (id + 1) * fields);
  }
  return MiniSearch.loadJS<SectionDocument>({ ...core.index, documentIds, fieldLength, index: files.shards.flat() }, indexOptions);
}

/** A query ranked over the whole index at once: what the sharded index must find. */
export function rankWhole(files: IndexFiles, index: MiniSearch<SectionDocument>, query: string): RankedSection[] {
  return rankSections(index, queriesOf(query, files.core), files.core.pageKinds, pageOfSection(files.core));
}

/**
 * The sections a locale's index holds, made again from the built pages: the pages in index order,
 * each split as the build splits it, numbered in that order.
 */
export function indexedSections(outDir: string, files: IndexFiles): SectionDocument[] {
  return files.pages
    .flatMap(([path], page) => {
      const { title, sections } = sectionsOfPage(readFileSync(join(outDir, path, 'index.html'), 'utf8'), kindOfLetter(files.core.pageKinds[page]!));
      return sections.map(({ headings, lead, text, listing }) => ({ title, headings, lead, text, listing }));
    })
    .map((section, id) => ({ id, ...section }));
}

/** A MiniSearch index of the same sections as a locale's index files, made by MiniSearch from the sections themselves. */
export function referenceIndex(outDir: string, files: IndexFiles): MiniSearch<SectionDocument> {
  const index = new MiniSearch<SectionDocument>(indexOptions);
  index.addAll(indexedSections(outDir, files));
  return index;
}
