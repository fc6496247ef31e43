import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { build } from '../../cli/build/index.ts';
import { startPreview } from '../../cli/server/preview.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const sampleContent = join(repoRoot, 'content');

/** A temp folder removed by the returned cleanup. */
export function tempDir(prefix = 'esg-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A copy of the sample content in a temp folder, with some files replaced: { 'zh_TW/menu.yaml': '...' }. */
export function contentCopy(replace: Record<string, string> = {}): string {
  const dir = join(tempDir(), 'content');
  cpSync(sampleContent, dir, { recursive: true });
  for (const [path, text] of Object.entries(replace)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Builds the sample site into a temp out/ folder. */
export async function buildSample(contentDir = sampleContent): Promise<string> {
  const outDir = join(tempDir(), 'out');
  await build({ contentDir, outDir, verbose: false });
  return outDir;
}

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** `esg preview` over a built folder on a free port. */
export async function preview(outDir: string): Promise<RunningServer> {
  const server: Server = await startPreview(outDir, 0);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
