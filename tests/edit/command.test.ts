import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentCopy, repoRoot, runEsg, tempDir } from '../helpers/site.ts';

describe('esg edit, the command', () => {
  it('prints its address with a token once the preview is built, and the address opens the editor', async () => {
    const content = contentCopy();
    const editor = spawn(process.execPath, [join(repoRoot, 'bin/esg.js'), 'edit', '--content', content, '--out', join(tempDir(), 'out'), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((found, fail) => {
        let printed = '';
        editor.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          const match = /^Editing .* at .*$/m.exec(printed);
          if (match) found(match[0]);
        });
        editor.once('exit', (code) => fail(new Error(`esg edit exited with ${code}: ${printed}`)));
      });
      const match = /^Editing (.+) at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]{32}))$/.exec(line);
      expect(match, line).not.toBeNull();
      expect(match![1]).toBe(content);
      const visit = await fetch(match![2]!, { redirect: 'manual' });
      expect(visit.status).toBe(303);
      expect(visit.headers.get('set-cookie')).toContain(`esg-edit-token=${match![4]}`);
      expect((await fetch(`http://127.0.0.1:${match![3]}/api/files`)).status).toBe(401);
    } finally {
      editor.kill();
    }
  });

  it('refuses a folder without site.yaml as wrong use (exit code 2, ESG1001)', () => {
    const result = runEsg(['edit', '--content', tempDir(), '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ESG1001');
  });
});
