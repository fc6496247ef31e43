import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import { indexOptions, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import type { RenderedFile } from './render.tsx';
import type { PageSection } from './sections.ts';
import { shardOf } from '../../widgets/search/shards.ts';
import { CharacterCounts, scriptOfLocale, scriptPairsFrom } from './scriptPairs.ts';

export interface SearchLocale {
  code: string;
  iso: string;
}

/** One locale's index as written: its core's address, its shards' addresses, its documents (for the benchmark) and its files. */
export interface LocaleIndex {
  locale: string;
  url: string;
  shardUrls: string[];
  documents: number;
  files: RenderedFile[];
}

/** About this much term data (raw JSON characters) per shard: a query's few shards stay a few KB gzipped. */
const shardBytes = 24 * 1024;
/** At most this many shards, so a long query does not make dozens of requests. */
const maxShards = 32;

/**
 * One locale's search index, MiniSearch's own, filled a page at a time. Sections are numbered in
 * the order their pages are added, which is the route table's order, so the same content gives the
 * same files. MiniSearch is patched (patches/): unpatched, adding Chinese bigrams scanned thousands
 * of children of its term tree's root per token, and toJSON took hundreds of megabytes.
 */
export class LocaleIndexWriter {
  private readonly index = new MiniSearch<SectionDocument>(indexOptions);
  /** Every character indexed, for the Traditional↔Simplified query pairs (scriptPairs.ts). */
  private readonly characters = new CharacterCounts();
  private documents = 0;

  add(sections: PageSection[]): void {
    for (const section of sections) {
      this.index.add({ id: this.documents++, ...section });
      this.characters.add(section.title);
      this.characters.add(section.headings);
      this.characters.add(section.text);
    }
  }

  /**
   * The index as JSON files under `folder`, each named by its content hash: the core (a
   * SearchIndexFile whose MiniSearch JSON has no terms) and the term shards (widgets/search/shards.ts),
   * as many as the terms' size calls for unless `count` says.
   */
  files(locale: SearchLocale, folder: string, count?: number): LocaleIndex {
    const whole = this.index.toJSON();
    // Each term's entry as JSON (`["term",{…}]`), in the index's order.
    const terms = whole.index.map((entry): [string, string] => [entry[0], JSON.stringify(entry)]);
    count ??= shardCount(terms);
    const shards: string[][] = Array.from({ length: count }, () => []);
    for (const [term, json] of terms) shards[shardOf(term, count)]!.push(json);
    const coreFile: SearchIndexFile = { locale: locale.code, scriptPairs: scriptPairsFrom(scriptOfLocale(locale.iso), this.characters), index: { ...whole, index: [] } };
    const core = hashedFile(`${folder}/search-${locale.code}`, JSON.stringify(coreFile));
    const shardFiles = shards.map((entries, shard) => hashedFile(`${folder}/search-${locale.code}-t${shard}`, `[${entries.join(',')}]`));
    return { locale: locale.code, url: `/${core.path}`, shardUrls: shardFiles.map((file) => `/${file.path}`), documents: this.documents, files: [core, ...shardFiles] };
  }
}

function shardCount(terms: [string, string][]): number {
  let bytes = 0;
  for (const [, json] of terms) bytes += json.length;
  return Math.min(maxShards, Math.max(1, Math.round(bytes / shardBytes)));
}

/**
 * A locale's index files among the names of the files in a built `_esg/` folder, as `files` names
 * them: the core, and the term shards in shard order (for the tests and the search benchmark).
 */
export function indexFileNames(names: string[], locale: string): { core?: string; shards: string[] } {
  const core = new RegExp(`^search-${locale}-[0-9a-f]{10}\\.json$`);
  const shard = new RegExp(`^search-${locale}-t(\\d+)-[0-9a-f]{10}\\.json$`);
  const shards: string[] = [];
  for (const name of names) {
    const match = shard.exec(name);
    if (match) shards[Number(match[1])] = name;
  }
  return { core: names.find((name) => core.test(name)), shards };
}

function hashedFile(name: string, contents: string): RenderedFile {
  return { path: `${name}-${createHash('sha256').update(contents).digest('hex').slice(0, 10)}.json`, contents };
}
