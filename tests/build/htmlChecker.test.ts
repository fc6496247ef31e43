import { execFile } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSample, contentCopy, tempDir } from '../helpers/site.ts';

// Every built page is valid HTML, as the W3C Nu HTML checker (vnu-jar) reads it.

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface Message {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
}

/** The checker's errors over a folder of HTML files (or one file). */
async function htmlErrors(path: string): Promise<Message[]> {
  // The checker writes its JSON report to stderr, and exits 1 when it found an error.
  const { stderr } = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', '--skip-non-html', path], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((failed: { stderr: string }) => failed);
  return (JSON.parse(stderr) as { messages: Message[] }).messages.filter((message) => message.type === 'error');
}

const htmlFiles = (folder: string): number => readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html')).length;

describe('the W3C Nu HTML checker', { timeout: 180_000 }, () => {
  let out: string;
  beforeAll(async () => {
    out = await buildSample(contentCopy());
  }, 180_000);

  it('finds no error on any page of the sample site, in every locale', async () => {
    expect(htmlFiles(out)).toBeGreaterThan(250);
    const errors = await htmlErrors(out);
    expect(errors.map((error) => `${error.url.replace(`file:${out}`, '')}:${error.lastLine} ${error.message}`)).toEqual([]);
  });

  it('finds the mistake a table’s links once made, so the check above can fail', async () => {
    const page = join(tempDir(), 'figure.html');
    writeFileSync(
      page,
      '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><figure><table><tr><td>1</td></tr></table><figcaption>Note</figcaption><p>CSV</p></figure></body></html>',
    );
    expect((await htmlErrors(page)).map((error) => error.message)).toEqual([expect.stringMatching(/“p” not allowed as child of element “figure”/)]);
  });
});
