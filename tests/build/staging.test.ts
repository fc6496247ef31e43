import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeCorpus } from '../../bench/fixtures.ts';
import { killHard } from '../../bench/formsServer.ts';
import { repoRoot, runEsg, sampleContent, tempDir } from '../helpers/site.ts';

/** The build folders (`.esg-tmp-<pid>-…`) in `parent`. */
const stagingFolders = (parent: string) =>
  readdirSync(parent)
    .filter((name) => name.startsWith('.esg-tmp-'))
    .sort();

/** The background remover is a process of its own: give it a few seconds on a busy machine. */
const removal = { timeout: 10_000, interval: 50 };

const children: ChildProcess[] = [];
afterAll(() => Promise.all(children.map(killHard)));

function started(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe('the staging folder of a build', () => {
  it('is left behind by a build killed with kill -9, and removed by the next build', async () => {
    const parent = tempDir();
    const out = join(parent, 'out');
    const built = runEsg(['build', '--content', sampleContent, '--out', out]);
    expect(built.code, built.stderr).toBe(0);
    const previous = readFileSync(join(out, 'zh_TW/index.html'));

    // 1500 more events make a build of several seconds: it is killed well before it is done.
    const corpus = writeCorpus(join(tempDir(), 'content'), 1500);
    const building = started(process.execPath, [join(repoRoot, 'bin/esg.js'), 'build', '--content', corpus, '--out', out]);
    const staging = await vi.waitFor(
      () => {
        const [name] = stagingFolders(parent).filter((entry) => entry.startsWith(`.esg-tmp-${building.pid}-`));
        // Killed once it has begun writing into the folder, not merely made it.
        if (!name || !readdirSync(join(parent, name)).length) throw new Error(`no staging folder of process ${building.pid} with files in it yet`);
        return name;
      },
      { timeout: 30_000, interval: 20 },
    );
    await killHard(building);
    expect(building.signalCode).toBe('SIGKILL');
    expect(stagingFolders(parent)).toEqual([staging]);
    expect(readFileSync(join(out, 'zh_TW/index.html'))).toEqual(previous);

    const next = runEsg(['build', '--content', sampleContent, '--out', out]);
    expect(next.code, next.stderr).toBe(0);
    expect(existsSync(join(out, 'zh_TW/index.html'))).toBe(true);
    // The killed build's folder, and the previous out/ the swap renamed away, both go.
    await expect.poll(() => stagingFolders(parent), removal).toEqual([]);
    expect(readdirSync(parent)).toEqual(['out']);
  }, 120_000);

  it('of a build still running is left alone, while one of an ended process is removed', async () => {
    const parent = tempDir();
    const running = started('sleep', ['120']);
    const ended = spawnSync('true').pid;
    const live = `.esg-tmp-${running.pid}-abc`;
    const stale = `.esg-tmp-${ended}-xyz`;
    for (const name of [live, stale]) {
      mkdirSync(join(parent, name, 'zh_TW'), { recursive: true });
      writeFileSync(join(parent, name, 'zh_TW/index.html'), '<!doctype html>');
    }

    const built = runEsg(['build', '--content', sampleContent, '--out', join(parent, 'out')]);
    expect(built.code, built.stderr).toBe(0);
    await expect.poll(() => stagingFolders(parent), removal).toEqual([live]);
    // The remover deletes the folders named on its command line one after another: had the live
    // folder been named after the stale one, it would be gone a moment later.
    await new Promise((done) => setTimeout(done, 1000));
    expect(stagingFolders(parent)).toEqual([live]);
    expect(readFileSync(join(parent, live, 'zh_TW/index.html'), 'utf8')).toBe('<!doctype html>');
    expect(running.exitCode).toBe(null);
  });
});
