import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build, BuildSession } from '../../cli/build/index.ts';
import { differences, quietBuild } from '../helpers/outFolders.ts';
import { contentCopy, editContent, tempDir } from '../helpers/site.ts';

// Each test gets a build cache of its own (cli/cache.ts): the build records live there.
beforeEach(() => {
  process.env.ESG_CACHE_DIR = tempDir('esg-cache-');
});

const sessions: BuildSession[] = [];
afterEach(() => Promise.all(sessions.splice(0).map((session) => session.close())));

/** A content folder, the out/ folder it is built into, and the session of the process that builds it again and again. */
function site(edit?: (content: string) => void) {
  const content = contentCopy();
  edit?.(content);
  const session = new BuildSession();
  sessions.push(session);
  const out = join(tempDir(), 'out');
  return { content, out, session, build: () => build({ contentDir: content, outDir: out, verbose: false, compress: true, session }) };
}

/** Expects out/ the same, byte for byte, as a clean build of the same content in a fresh folder, without a session. */
async function expectSameAsClean({ content, out }: { content: string; out: string }, message: string): Promise<void> {
  const clean = join(tempDir(), 'clean');
  await quietBuild(content, clean, true);
  expect(differences(out, clean), message).toEqual([]);
}

const eventFile = 'zh_TW/events/2023-blood-drive.md';
const chairman = 'zh_TW/pages/chairman.yaml';

describe('build sessions (cli/build/session.ts)', () => {
  it('two sessions on two content folders in one process, building at once and after edits, give what two clean builds give', async () => {
    // Two sites that differ in a page, an event's text and the figures' registry: what one
    // session kept of its site must never reach the other's pages.
    const first = site();
    const second = site((content) => {
      editContent(content, chairman, (text) => text.replace(/^title: .*$/m, 'title: 董事長致股東信'));
      editContent(content, eventFile, (text) => `${text}\n第二個網站的故事多了一段。\n`);
      editContent(content, 'metrics.yaml', (text) => text.replace('label: { zh_TW: 合併營業收入,', 'label: { zh_TW: 合併營業總收入,'));
    });
    await Promise.all([first.build(), second.build()]);
    await expectSameAsClean(first, 'the first site, built beside the second');
    await expectSameAsClean(second, 'the second site, built beside the first');
    expect(readFileSync(join(second.out, 'zh_TW/chairman/index.html'), 'utf8')).toContain('董事長致股東信');
    expect(readFileSync(join(first.out, 'zh_TW/chairman/index.html'), 'utf8')).not.toContain('董事長致股東信');
    expect(readFileSync(join(second.out, 'data/metrics.json'), 'utf8')).toContain('合併營業總收入');
    expect(readFileSync(join(first.out, 'data/metrics.json'), 'utf8')).not.toContain('合併營業總收入');

    // Each site edited in turn, then both at once: each build takes from its own session only.
    editContent(first.content, eventFile, (text) => `${text}\n第一個網站也改了故事。\n`);
    await first.build();
    editContent(second.content, chairman, (text) => text.replace(/^title: .*$/m, 'title: 董事長的話（第二版）'));
    await second.build();
    editContent(first.content, chairman, (text) => text.replace(/^title: .*$/m, 'title: 董事長的話（第一版）'));
    editContent(second.content, eventFile, (text) => text.replace('第二個網站的故事多了一段。', '第二個網站的故事改寫了。'));
    const [firstResult, secondResult] = await Promise.all([first.build(), second.build()]);
    // Both builds were incremental, each rendering its own change.
    expect(firstResult.changed!.written).toContain('zh_TW/chairman/index.html');
    expect(secondResult.changed!.written).toContain('zh_TW/event/2023-blood-drive/index.html');
    await expectSameAsClean(first, 'the first site after its edits');
    await expectSameAsClean(second, 'the second site after its edits');
  }, 180_000);

  it('keeps what a build made for the next build of the same session, and nothing for a build without one', async () => {
    const { content, out, session } = site();
    const inputsOf = (result: Awaited<ReturnType<typeof build>>) => result.plan.routes.find((route) => route.path === '/zh_CN/about')!.prepared!.inputs[0];
    const once = await build({ contentDir: content, outDir: out, verbose: false, session });
    const again = await build({ contentDir: content, outDir: out, verbose: false, session });
    // The same session gives an unchanged page the very same converted document.
    expect(inputsOf(again)).toBe(inputsOf(once));
    const alone = await build({ contentDir: content, outDir: out, verbose: false });
    expect(inputsOf(alone)).not.toBe(inputsOf(again));
    expect(inputsOf(alone)).toEqual(inputsOf(again));
    // Its search thread waits in the session for the next build, and ends with it.
    expect(session.searchThread).toBeDefined();
    await session.close();
    expect(session.searchThread).toBeUndefined();
  }, 60_000);
});
