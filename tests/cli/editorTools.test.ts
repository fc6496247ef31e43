import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSite } from '../../cli/check.ts';
import { validate } from '../../cli/build/index.ts';
import { documentOf } from '../../cli/build/model/site.ts';
import { formatCoverage, translationCoverage } from '../../cli/i18n.ts';
import { addSchemaHints, newEvent, schemaHint, yamlFiles } from '../../cli/scaffold.ts';
import { buildProblems, contentCopy, editContent, repoRoot, sampleContent, tempDir } from '../helpers/site.ts';

describe('esg check', () => {
  it('reports a broken link, a missing fragment and a missing image of a story by the content checks, each at its content file and line', async () => {
    const content = contentCopy();
    const path = 'zh_TW/events/2024-tree-planting.md';
    editContent(
      content,
      path,
      (text) => `${text}\n[頁面](/zh_TW/no-such-page)\n\n[段落](/zh_TW/about#no-such-section)\n\n![圖](/assets/images/no-such-image.png)\n`,
    );
    const report = await checkSite({ contentDir: content });
    const lines = readFileSync(join(content, path), 'utf8').split('\n');
    const lineOf = (target: string) => lines.findIndex((line) => line.includes(target)) + 1;
    const found = report.problems.map((problem) => `${problem.file.endsWith(path) ? problem.line : problem.file} ${problem.code}`);
    expect(found.sort()).toEqual([`${lineOf('no-such-page')} ESG4005`, `${lineOf('no-such-section')} ESG4006`, `${lineOf('no-such-image')} ESG4004`].sort());
  });

  it('reports a fragment the content checks cannot know, found missing in the built site, at its content file and line', async () => {
    const content = contentCopy();
    const path = 'zh_TW/events/2024-tree-planting.md';
    editContent(content, path, (text) => `${text}\n[活動列表](/event#no-such-list)\n`);
    const report = await checkSite({ contentDir: content });
    const line =
      readFileSync(join(content, path), 'utf8')
        .split('\n')
        .findIndex((text) => text.includes('no-such-list')) + 1;
    // The zh_CN page is made from the same file, so the line may be reported once per locale.
    const found = new Set(report.problems.filter((problem) => problem.file.endsWith(path)).map((problem) => `${problem.line} ${problem.code}`));
    expect([...found]).toEqual([`${line} ESG6001`]);
    expect(report.problems.filter((problem) => !problem.file.endsWith(path))).toEqual([]);
  });

  it('passes the sample site, and leaves no folder of its own behind', async () => {
    const [content, tmp] = [contentCopy(), tempDir()];
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const report = await checkSite({ contentDir: content });
      expect(report.problems).toEqual([]);
      expect(report.links).toBeGreaterThan(report.pages);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('removes its build folder when stopped with Ctrl-C, and ends as the signal asks', async () => {
    const tmp = tempDir();
    const check = spawn(process.execPath, [join(repoRoot, 'bin/esg.js'), 'check', '--content', sampleContent], {
      cwd: repoRoot,
      env: { ...process.env, TMPDIR: tmp },
      stdio: 'ignore',
    });
    const ended = new Promise<NodeJS.Signals | null>((done) => check.once('exit', (_code, signal) => done(signal)));
    // Stopped once its build has started writing the site.
    while (!readdirSync(tmp).some((name) => name.startsWith('esg-check-') && readdirSync(join(tmp, name)).length > 0))
      await new Promise((next) => setTimeout(next, 20));
    check.kill('SIGINT');
    expect(await ended).toBe('SIGINT');
    expect(readdirSync(tmp).filter((name) => name.startsWith('esg-check-'))).toEqual([]);
  });
});

describe('esg i18n', () => {
  it('counts what zh_CN converts or overrides and what English lacks', async () => {
    const content = contentCopy({ 'zh_CN/pages/kiwi.yaml': 'title: 台东猕猴桃合作\n' });
    const { model, plan } = await validate(content, { verbose: false });
    const report = translationCoverage(model, plan);
    const [zhCN, en] = report.locales;
    const total = Object.keys(zhCN!.files).length;
    expect(zhCN!.counts).toEqual({ translated: 0, overridden: 1, converted: total - 1, missing: 0 });
    expect(zhCN!.files['pages/kiwi.yaml']).toBe('overridden');
    expect(en!.files['pages/about.yaml']).toBe('translated');
    expect(en!.files['pages/chairman.yaml']).toBe('missing');
    expect(en!.counts.translated + en!.counts.missing).toBe(total);
    expect(report.englishRoutes.about).toBe(true);
    expect(report.englishRoutes.chairman).toBe(false);
    // The English report PDF is partial: its book names the chapters not yet in English, as its cover does.
    expect(report.missingChapters.en).toEqual(expect.arrayContaining(['Message from the Chairman', 'Energy Management']));
    expect(report.missingChapters.en).not.toContain('About This Report');
    expect(formatCoverage(report)).toMatch(/report PDF \(en\): a partial edition, \d+ chapters not yet translated: .*Message from the Chairman/);
  });

  it('lists UI messages English lacks, which fall back to zh_TW instead of failing', async () => {
    const content = contentCopy();
    editContent(content, 'en/messages.yaml', (text) => text.replace(/^notFound\.text: .*\n/m, ''));
    const { model, plan } = await validate(content, { verbose: false });
    expect(translationCoverage(model, plan).locales[1]!.missingMessages).toEqual(['notFound.text']);
    expect(
      documentOf(
        model.locales.find((locale) => locale.code === 'en')!,
        'messages.yaml',
        'messages',
      )!.data['notFound.text'],
    ).toBe('您要找的頁面不存在或已移動。');
  });

  it('keeps a missing zh_TW UI message a build error', async () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/messages.yaml', (text) => text.replace(/^notFound\.text: .*\n/m, ''));
    const problems = await buildProblems(content);
    expect(problems.map((problem) => `${problem.field}: ${problem.code}`)).toEqual(['notFound.text: ESG2001']);
  });
});

describe('esg new event and esg schema-hints', () => {
  it('creates an event in zh_TW and en with a cover, and the site builds with it', async () => {
    const content = contentCopy();
    const written = newEvent(content, '2026-river-cleanup', new Date('2026-03-01T00:00:00Z'));
    expect(written.map((file) => file.replace(/^.*content\//, ''))).toEqual([
      'zh_TW/events/2026-river-cleanup.md',
      'en/events/2026-river-cleanup.md',
      'assets/images/events/2026-river-cleanup.svg',
    ]);
    expect(readFileSync(join(content, 'zh_TW/events/2026-river-cleanup.md'), 'utf8')).toContain('date: "2026-03-01"');
    const { plan } = await validate(content, { verbose: false });
    expect(plan.names.has('event/2026-river-cleanup')).toBe(true);
    expect(() => newEvent(content, '2026-river-cleanup')).toThrow(expect.objectContaining({ name: 'UsageError', code: 'ESG8008' }));
    expect(() => newEvent(content, 'Bad Id')).toThrow(expect.objectContaining({ name: 'UsageError', code: 'ESG8007' }));
  });

  it('gives a YAML file without a schema line the right one, and leaves the others alone', () => {
    const content = contentCopy();
    const file = join(content, 'zh_TW/focus/care/safe.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').split('\n').slice(1).join('\n'));
    const changed = addSchemaHints(content);
    expect(changed.map((path) => path.replace(/^.*content\//, ''))).toEqual(['zh_TW/focus/care/safe.yaml']);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(
      `# yaml-language-server: $schema=${relative(dirname(file), join(repoRoot, 'schemas/article.schema.json'))}`,
    );
  });

  it('every YAML file of the sample content already names its schema', () => {
    const files = yamlFiles(sampleContent);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(readFileSync(file, 'utf8').split('\n')[0], file).toBe(schemaHint(sampleContent, file));
    expect(schemaHint(sampleContent, join(sampleContent, 'zh_TW/focus/care/safe.yaml'))).toBe(
      '# yaml-language-server: $schema=../../../../schemas/article.schema.json',
    );
  });
});
