import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import { indexOptions, type PageShard, type ResultKind, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import type { Vocabulary } from '../../widgets/search/vocabulary.ts';
import type { RenderedFile } from './render.tsx';
import type { PageSections } from './sections.ts';
import { shardOf } from '../../widgets/search/shards.ts';
import { CharacterCounts, scriptOfLocale, scriptPairsFrom, wordVariants } from './scriptPairs.ts';

export interface SearchLocale {
  code: string;
  iso: string;
  /**
   * content/synonyms.yaml's groups in this locale's words, and its word variants (Taiwan word first,
   * Traditional characters), before the writer adds OpenCC's and keeps those the index holds.
   */
  vocabulary: Vocabulary;
}

/** One locale's index as written: its core's address, its term shards' addresses, its documents (for the benchmark) and its files. */
export interface LocaleIndex {
  locale: string;
  url: string;
  shardUrls: string[];
  documents: number;
  files: RenderedFile[];
}

/** A page as the search stage indexes it. */
export interface IndexedPage extends PageSections {
  /** Its address: `/zh_TW/focus/climate/energy`. */
  path: string;
  kind: ResultKind;
}

/** About this much term data (raw JSON characters) per term shard: a query's few shards stay a few KB gzipped. */
const shardBytes = 12 * 1024;
/** At most this many term shards. */
const maxShards = 256;
/** About this much text (raw JSON characters) per page shard: a result's page comes with few others. */
const pageShardBytes = 6 * 1024;

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
  private readonly pages: PageShard = [];
  private readonly pageSections: number[] = [];
  private pageKinds = '';
  private documents = 0;

  add(page: IndexedPage): void {
    const { title } = page;
    this.characters.add(title);
    for (const section of page.sections) {
      this.index.add({ id: this.documents++, title, headings: section.headings, lead: section.lead, text: section.text });
      this.characters.add(section.headings);
      this.characters.add(section.lead);
      this.characters.add(section.text);
    }
    this.pages.push([page.path, title, page.sections.map((section) => [section.heading, section.anchor, section.lead && section.text ? `${section.lead} ${section.text}` : section.lead || section.text])]);
    this.pageSections.push(page.sections.length);
    this.pageKinds += page.kind[0];
  }

  /**
   * The index as JSON files under `folder`, each named by its content hash: the term shards
   * (widgets/search/shards.ts), as many as the terms' size calls for unless `count` says, the
   * page shards, and the core (a SearchIndexFile) that names the page shards.
   */
  files(locale: SearchLocale, folder: string, count?: number): LocaleIndex {
    const whole = this.index.toJSON();
    // Each term's entry as JSON (`["term",{…}]`), in the index's order.
    const terms = whole.index.map((entry): [string, string] => [entry[0], JSON.stringify(entry)]);
    count ??= shardCount(terms);
    const shards: string[][] = Array.from({ length: count }, () => []);
    for (const [term, json] of terms) shards[shardOf(term, count)]!.push(json);
    const shardFiles = shards.map((entries, shard) => hashedFile(`${folder}/search-${locale.code}-t${shard}`, `[${entries.join(',')}]`));
    const pageFiles = this.pageShards().map(({ first, pages }) => ({ first, file: hashedFile(`${folder}/search-${locale.code}-p${first}`, JSON.stringify(pages)) }));
    const fieldLengths: number[] = [];
    for (let id = 0; id < this.documents; id++) {
      if (whole.documentIds[id] !== id) throw new Error(`search index of ${locale.code}: section ${id} has MiniSearch's id ${String(whole.documentIds[id])}`);
      fieldLengths.push(...whole.fieldLength[id]!);
    }
    const coreFile: SearchIndexFile = {
      locale: locale.code,
      scriptPairs: scriptPairsFrom(scriptOfLocale(locale.iso), this.characters),
      vocabulary: { synonyms: this.present(locale.vocabulary.synonyms), variants: this.present(wordVariants(scriptOfLocale(locale.iso), locale.vocabulary.variants)) },
      pageSections: this.pageSections,
      pageKinds: this.pageKinds,
      pageShards: pageFiles.map(({ first, file }) => ({ first, url: `/${file.path}` })),
      fieldLengths,
      index: { ...whole, index: [], documentIds: {}, fieldLength: {}, storedFields: {} },
    };
    const core = hashedFile(`${folder}/search-${locale.code}`, JSON.stringify(coreFile));
    return { locale: locale.code, url: `/${core.path}`, shardUrls: shardFiles.map((file) => `/${file.path}`), documents: this.documents, files: [core, ...shardFiles, ...pageFiles.map(({ file }) => file)] };
  }

  /** The pages in shards of about `pageShardBytes`, each shard a run of whole pages. */
  private pageShards(): { first: number; pages: PageShard }[] {
    const shards: { first: number; pages: PageShard }[] = [];
    let bytes = Infinity;
    this.pages.forEach((page, number) => {
      if (bytes >= pageShardBytes) {
        shards.push({ first: number, pages: [] });
        bytes = 0;
      }
      shards.at(-1)!.pages.push(page);
      bytes += page[1].length + page[2].reduce((sum, [heading, anchor, text]) => sum + heading.length + anchor.length + text.length, 0) * 3;
    });
    return shards;
  }

  /** The vocabulary groups some term of which the index holds (every token of it, in some section). */
  private present(groups: string[][]): string[][] {
    return groups.filter((group) => group.some((term) => this.index.search(term, { combineWith: 'AND', prefix: false, boostDocument: undefined }).length > 0));
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
