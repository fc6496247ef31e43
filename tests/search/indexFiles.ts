import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchIndexFile } from '../../widgets/search/engine.ts';
import { joinShards, type FetchJson } from '../../widgets/search/shardedIndex.ts';
import type { TermEntries } from '../../widgets/search/shards.ts';
import { indexFileNames } from '../../cli/pipeline/localeIndex.ts';

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
