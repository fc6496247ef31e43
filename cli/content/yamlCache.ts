import { createRequire } from 'node:module';
import { hashOf, readValue, saveValue } from '../cache.ts';
import { syntaxProblems, type SourceFile } from './source.ts';
import type { ContentProblem } from '../errors.ts';

const require = createRequire(import.meta.url);
/** What parsed data depends on besides each file's text: the yaml package. */
const cacheKey = hashOf('content-data', (require('yaml/package.json') as { version: string }).version);

/**
 * The data of content files parsed before. Parsing YAML with the position of every node is the
 * slowest part of reading content (a quarter of a build of the sample site), yet positions are
 * needed only to report a problem. So the data of each file that parsed without error is kept in
 * the build cache (cli/cache.ts), as JSON, by a hash of its text: an unchanged file is read with
 * JSON.parse, and its YAML document is parsed only if a later check has a problem to point at.
 * The cache holds the files of the last build only.
 */
/** One file's parsed data as the cache keeps it: the hash of its YAML text, and the data as JSON. */
export interface DataEntry {
  key: string;
  json: string;
}

export class ContentDataCache {
  private readonly previous: Record<string, string>;
  private readonly current: Record<string, string> = {};
  private changed = false;

  constructor() {
    this.previous = readValue<Record<string, string>>('content-data', cacheKey) ?? {};
  }

  /** The file's data, or its YAML syntax problems; `entry` is what `keep` needs to carry it to the next build. */
  dataOf(source: SourceFile): { data: unknown; entry: DataEntry } | { problems: ContentProblem[] } {
    const key = hashOf(source.yamlText);
    const json = this.previous[key] ?? this.current[key];
    if (json !== undefined) {
      this.current[key] = json;
      return { data: JSON.parse(json) as unknown, entry: { key, json } };
    }
    // A JSON file (a published edition's figures) is read as JSON, a hundred times faster; the
    // YAML parser, which reads JSON too, is left to point at its problems.
    const plain = source.file.endsWith('.json') ? parsedJson(source.yamlText) : undefined;
    if (!plain) {
      const problems = syntaxProblems(source);
      if (problems.length) return { problems };
    }
    const data = plain ? plain.data : (source.yaml.toJS() as unknown);
    const entry = { key, json: JSON.stringify(data ?? null) };
    this.current[key] = entry.json;
    this.changed = true;
    return { data, entry };
  }

  /** Keeps a file's entry for the next build without reading it: its checks were taken from an earlier build of this process (02-validate.ts). */
  keep(entry: DataEntry): void {
    this.current[entry.key] = entry.json;
  }

  /** Keeps what this build read for the next one (a read-only install parses every file each time). */
  save(): void {
    if (!this.changed && Object.keys(this.current).length === Object.keys(this.previous).length) return;
    saveValue('content-data', cacheKey, this.current);
  }
}

/** The data of a JSON text, or undefined when it is not JSON. */
function parsedJson(text: string): { data: unknown } | undefined {
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
