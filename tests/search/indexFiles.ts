import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { indexOptions, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import { joinShards, type FetchJson } from '../../widgets/search/shardedIndex.ts';
import type { TermEntries } from '../../widgets/search/shards.ts';
import { indexFileNames } from '../../cli/pipeline/localeIndex.ts';
import { sectionsOfPage } from '../../cli/pipeline/sections.ts';

/** A locale's index files in a build: the core, the term shards in shard order, and both joined. */
export interface IndexFiles {
  coreUrl: string;
  shardUrls: string[];
  core: SearchIndexFile;
  shards: TermEntries[];
  whole: SearchIndexFile;
}

export function readIndexFiles(outDir: string, locale: string): IndexFiles {
  const { core, shards: shardNames } = indexFileNames(readdirSync(join(outDir, '_esg')), locale);
  if (!core) throw new Error(`no search index for ${locale}`);
  const read = (name: string) => JSON.parse(readFileSync(join(outDir, '_esg', name), 'utf8')) as unknown;
  const coreFile = read(core) as SearchIndexFile;
  const shards = [...shardNames].map((name) => read(name) as TermEntries);
  return { coreUrl: `/_esg/${core}`, shardUrls: shardNames.map((name) => `/_esg/${name}`), core: coreFile, shards, whole: joinShards(coreFile, shards) };
}

/** Reads `/_esg/…` addresses from a build folder, as the search page fetches them from the server. */
export function fetchFrom(outDir: string, requested: string[] = []): FetchJson {
  return async (url) => {
    requested.push(url);
    return JSON.parse(readFileSync(join(outDir, url), 'utf8')) as unknown;
  };
}

/**
 * The sections a locale's index holds, made again from the built pages: the pages in the order of
 * the index's sections (the order the build sent them to the search stage), each split as the
 * build splits it, numbered in that order.
 */
export function indexedSections(outDir: string, core: SearchIndexFile): SectionDocument[] {
  const urls = Object.values(core.index.storedFields).map((fields) => (fields as { url: string }).url);
  const pages = [...new Set(urls.map((url) => url.replace(/#.*$/, '')))];
  return pages.flatMap((page) => sectionsOfPage(readFileSync(join(outDir, page, 'index.html'), 'utf8'), page)).map((section, id) => ({ id, ...section }));
}

/** A MiniSearch index of the same sections as a locale's index files, made by MiniSearch from the sections themselves. */
export function referenceIndex(outDir: string, core: SearchIndexFile): MiniSearch<SectionDocument> {
  const index = new MiniSearch<SectionDocument>(indexOptions);
  index.addAll(indexedSections(outDir, core));
  return index;
}
