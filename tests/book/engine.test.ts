import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Which Chromium prints the book: the one `npm install` brings, the same on every machine, and
// another only when told or when that one cannot run, with a warning that its pages may differ.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

const engineModule = () => import('../../cli/build/stages/08-book/chromium.ts');

describe('the book engine', () => {
  it('is the Chromium of @sparticuz/chromium on Linux x64, unpacked and runnable, with no warning', async () => {
    vi.stubEnv('CHROMIUM_PATH', '');
    delete process.env.CHROMIUM_PATH;
    const warnings = vi.spyOn(console, 'warn');
    const engine = await (await engineModule()).bookEngine();
    expect(engine.bundled).toBe(true);
    expect(engine.source).toMatch(/^@sparticuz\/chromium \d+\.\d+\.\d+$/);
    expect(existsSync(engine.path)).toBe(true);
    expect(warnings).not.toHaveBeenCalled();
    const printer = await (await engineModule()).launchPrinter();
    try {
      expect(printer.engine).toMatch(/^Chromium \d+\.[\d.]+ \(@sparticuz\/chromium /);
      const pdf = await printer.print('<!DOCTYPE html><p>頁碼</p>', () => undefined);
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    } finally {
      await printer.close();
    }
  });

  it('is the Chromium CHROMIUM_PATH names, with a warning (ESG4104) that its page numbers may differ from CI', async () => {
    vi.stubEnv('CHROMIUM_PATH', '/usr/bin/chromium');
    const warnings = vi.spyOn(console, 'warn');
    const engine = await (await engineModule()).bookEngine();
    expect(engine).toMatchObject({ path: '/usr/bin/chromium', bundled: false });
    const said = warnings.mock.calls.map((call) => String(call[0])).join('\n');
    expect(said).toContain('⚠ ESG4104 the report PDF is printed by /usr/bin/chromium');
    expect(said).toContain("may differ from CI's");
    expect(said).toContain('hint: ');
  });
});
