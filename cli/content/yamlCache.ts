import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cacheDir, saveToCache } from '../cacheDir.ts';
import { syntaxProblems, type SourceFile } from './source.ts';
import type { ContentProblem } from '../errors.ts';

/** Bump the version when what is cached changes (the yaml package's options, what is kept). */
const cacheFile = () => cacheDir('content-data-v1.json');

/**
 * The data of content files parsed before. Parsing YAML with the position of every node is the
 * slowest part of reading content (a quarter of a build of the sample site), yet positions are
 * needed only to report a problem. So the data of each file that parsed without error is kept,
 * as JSON, by a hash of its text: an unchanged file is read with JSON.parse, and its YAML document
 * is parsed only if a later check has a problem to point at. The cache (cli/cacheDir.ts) holds
 * the files of the last build only.
 */
export class ContentDataCache {
  private readonly previous: Record<string, string>;
  private readonly current: Record<string, string> = {};
  private changed = false;

  constructor() {
    let previous: Record<string, string> = {};
    try {
      previous = JSON.parse(readFileSync(cacheFile(), 'utf8')) as Record<string, string>;
    } catch {
      // None yet, or unreadable: every file is parsed this time.
    }
    this.previous = previous;
  }

  /** The file's data, or its YAML syntax problems. */
  dataOf(source: SourceFile): { data: unknown } | { problems: ContentProblem[] } {
    const key = createHash('sha1').update(source.yamlText).digest('base64');
    const json = this.previous[key] ?? this.current[key];
    if (json !== undefined) {
      this.current[key] = json;
      return { data: JSON.parse(json) as unknown };
    }
    const problems = syntaxProblems(source);
    if (problems.length) return { problems };
    const data = source.yaml.toJS() as unknown;
    this.current[key] = JSON.stringify(data ?? null);
    this.changed = true;
    return { data };
  }

  /** Keeps what this build read for the next one (a read-only install parses every file each time). */
  save(): void {
    if (!this.changed && Object.keys(this.current).length === Object.keys(this.previous).length) return;
    saveToCache(cacheFile(), JSON.stringify(this.current));
  }
}
