import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEditor } from '../../cli/edit/server.ts';
import type { ContentErrors } from '../../cli/errors.ts';
import { validate } from '../../cli/build/index.ts';
import { contentCopy, tempDir } from '../helpers/site.ts';
import { call, changedLines, nextEvent, startEditor } from './editor.ts';

let editor: RunningEditor;
let content: string;
const chairman = 'zh_TW/pages/chairman.yaml';
const read = (path: string) => readFileSync(join(content, path), 'utf8');

beforeAll(async () => {
  content = contentCopy();
  editor = await startEditor(content);
});
afterAll(() => editor?.close());

describe('esg edit: who may ask', () => {
  it('refuses a request without the token (401), and one with another token', async () => {
    expect((await call(editor, '/api/files', { token: false })).status).toBe(401);
    expect((await call(editor, '/api/files', { token: false, headers: { Authorization: 'Bearer not-the-token' } })).status).toBe(401);
    expect((await call(editor, '/', { token: false })).status).toBe(401);
  });

  it('sets an HttpOnly SameSite=Strict cookie from the printed address, which then stands for the token', async () => {
    const visit = await call(editor, `/?token=${editor.token}`, { token: false });
    expect(visit.status).toBe(303);
    expect(visit.headers.location).toBe('/');
    const cookie = visit.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const withCookie = await call(editor, '/api/files', { token: false, headers: { Cookie: cookie.split(';')[0]! } });
    expect(withCookie.status).toBe(200);
    expect((await call(editor, '/?token=wrong', { token: false })).headers['set-cookie']).toBeUndefined();
  });

  it('refuses another Origin (403) even with the token, and accepts its own', async () => {
    const foreign = await call(editor, '/api/files', { headers: { Origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toContain('http://evil.example');
    expect((await call(editor, '/api/files', { headers: { Origin: editor.origin } })).status).toBe(200);
    expect((await call(editor, '/api/files', { headers: { 'Sec-Fetch-Site': 'same-site' } })).status).toBe(403);
    expect((await call(editor, '/api/files', { headers: { Host: 'rebound.example:80' } })).status).toBe(403);
    expect((await call(editor, '/api/files', { headers: { 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200);
  });

  it('sends a strict CSP, and its page loads its script from a file', async () => {
    const page = await call(editor, '/');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.text).toContain('<script type="module" src="/editor.js"></script>');
    expect(page.text).not.toMatch(/<script>/);
    const script = await call(editor, '/editor.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('/api/files');
    expect((await call(editor, '/editor.css')).headers['content-type']).toBe('text/css; charset=utf-8');
  });
});

describe('esg edit: which paths', () => {
  it('lists the files of content/assets as pages write them, without dot files or symbolic links', async () => {
    writeFileSync(join(content, 'assets/.draft.png'), 'not published');
    symlinkSync(join(content, 'assets/images/logo.svg'), join(content, 'assets/linked.svg'));
    const { status, body } = await call(editor, '/api/assets');
    expect(status).toBe(200);
    const paths = body.assets.map((asset: { path: string }) => asset.path);
    expect(paths).toContain('/assets/images/logo.svg');
    expect(paths).not.toContain('/assets/.draft.png');
    expect(paths).not.toContain('/assets/linked.svg');
    expect(paths).toEqual([...paths].sort());
    rmSync(join(content, 'assets/.draft.png'));
    rmSync(join(content, 'assets/linked.svg'));
  });

  it.each([
    ['/api/files/../site.yaml', 400],
    ['/api/files/%2e%2e/%2e%2e/package.json', 400],
    ['/api/files/zh_TW/..%2F..%2Fpackage.json', 400],
    ['/api/files/%2Fetc%2Fpasswd', 400],
    ['/api/files//etc/passwd', 400],
    ['/api/files/assets/images/banner-1.svg', 404],
    ['/api/files/zh_TW/nowhere.yaml', 404],
    ['/api/files/zh_TW/pages/nowhere.yaml', 404],
    // A published edition is kept as published: the build compares the registry with it.
    ['/api/files/editions/2023/metrics.json', 403],
  ])('refuses %s (%i) with a JSON reason', async (path, status) => {
    const answer = await call(editor, path);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual(expect.any(String));
  });

  it('refuses a content file that is a symbolic link out of content/ (403)', async () => {
    const outside = join(tempDir(), 'secret.yaml');
    writeFileSync(outside, 'title: secret\n');
    const link = join(content, 'zh_TW/pages/linked.yaml');
    symlinkSync(outside, link);
    try {
      const answer = await call(editor, '/api/files/zh_TW/pages/linked.yaml');
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('secret');
      expect(
        (await call(editor, '/api/files/zh_TW/pages/linked.yaml', { method: 'PUT', json: { data: { title: 'x' } }, headers: { 'If-Match': '*' } })).status,
      ).toBe(403);
    } finally {
      // The link would be a broken page for every later build.
      rmSync(link);
    }
  });
});

describe('esg edit: the file list', () => {
  it('lists every content file with its group, locale, schema and translation status, a stale English file marked', async () => {
    const path = 'zh_TW/pages/about.yaml';
    const old = new Date('2024-01-01T00:00:00Z');
    utimesSync(join(content, 'en/pages/about.yaml'), old, old);
    const { status, body } = await call(editor, '/api/files');
    expect(status).toBe(200);
    const files = new Map(body.files.map((file: { path: string }) => [file.path, file]));
    expect(files.get(path)).toMatchObject({
      group: 'page',
      locale: 'zh_TW',
      schema: 'article',
      changedBy: 'mtime',
      translations: { en: { path: 'en/pages/about.yaml', exists: true, stale: true }, zh_CN: { exists: false, stale: false } },
    });
    expect(files.get(chairman)).toMatchObject({ translations: { en: { exists: false, stale: false } } });
    expect(files.get('en/pages/about.yaml')).toMatchObject({ locale: 'en', group: 'page' });
    expect(files.get('site.yaml')).toMatchObject({ locale: null, group: 'site', schema: 'site' });
    const groups = new Set(body.files.map((file: { group: string }) => file.group));
    for (const group of ['page', 'focus', 'report', 'event', 'menu', 'messages', 'metrics', 'quiz', 'survey']) expect(groups).toContain(group);
    expect(files.get('zh_TW/focus/climate/energy.yaml')).toMatchObject({ group: 'focus' });
    expect(files.get('zh_TW/events/2023-beach-cleanup.md')).toMatchObject({ group: 'event', schema: 'event' });
    expect(files.get('zh_TW/qa.yaml')).toMatchObject({ group: 'quiz' });
    expect(files.get('zh_TW/questionnaire.yaml')).toMatchObject({ group: 'survey' });
    expect([...files.keys()].some((file) => String(file).startsWith('assets/'))).toBe(false);
  });

  it('finds a zh_CN override and marks it stale when the zh_TW text changed after it', async () => {
    const override = join(content, 'zh_CN/pages/about.yaml');
    mkdirSync(dirname(override), { recursive: true });
    writeFileSync(override, 'title: 关于华岳\n');
    try {
      const old = new Date('2024-01-01T00:00:00Z');
      utimesSync(override, old, old);
      const listed = async () =>
        (await call(editor, '/api/files')).body.files.find((file: { path: string }) => file.path === 'zh_TW/pages/about.yaml').translations.zh_CN;
      expect(await listed()).toEqual({ path: 'zh_CN/pages/about.yaml', exists: true, stale: true });
      const now = new Date();
      utimesSync(override, now, now);
      expect(await listed()).toEqual({ path: 'zh_CN/pages/about.yaml', exists: true, stale: false });
    } finally {
      rmSync(join(content, 'zh_CN'), { recursive: true });
    }
  });

  it('marks the English file up to date once it is newer than the zh_TW one', async () => {
    const now = new Date();
    utimesSync(join(content, 'en/pages/about.yaml'), now, now);
    const { body } = await call(editor, '/api/files');
    expect(body.files.find((file: { path: string }) => file.path === 'zh_TW/pages/about.yaml').translations.en.stale).toBe(false);
  });
});

describe('esg edit: reading and saving a file', () => {
  it('gives a YAML file’s data with an ETag, its schema and its preview pages', async () => {
    const answer = await call(editor, `/api/files/${chairman}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.etag).toMatch(/^"sha256-[\w-]+"$/);
    expect(answer.body).toMatchObject({ path: chairman, schema: 'article', locale: 'zh_TW', group: 'page' });
    expect(answer.body.data.sections[0].heading).toBe('在變動中站穩腳步');
    expect(answer.body.pages).toContain('/preview/zh_TW/chairman');
    expect(answer.body.body).toBeUndefined();
  });

  it('gives a Markdown file’s front matter as data and its text as body', async () => {
    const answer = await call(editor, '/api/files/zh_TW/events/2023-beach-cleanup.md');
    expect(answer.body.data).toMatchObject({ id: '2023-beach-cleanup', title: '黃金海岸淨灘行動' });
    expect(answer.body.body).toContain('響應世界海洋日');
  });

  it('serves the schema a form is made from', async () => {
    const schema = await call(editor, '/api/schemas/article');
    expect(schema.status).toBe(200);
    expect(schema.body.properties.sections).toBeDefined();
    expect((await call(editor, '/api/schemas/common.schema.json')).status).toBe(200);
    expect((await call(editor, '/api/schemas/..%2Fpackage')).status).toBe(400);
    expect((await call(editor, '/api/schemas/nothing')).status).toBe(404);
  });

  it('requires If-Match (428) and writes nothing without it', async () => {
    const before = read(chairman);
    const { body } = await call(editor, `/api/files/${chairman}`);
    body.data.title = '不該寫入';
    const answer = await call(editor, `/api/files/${chairman}`, { method: 'PUT', json: { data: body.data } });
    expect(answer.status).toBe(428);
    expect(read(chairman)).toBe(before);
  });

  it('saves a changed heading as a change of that one line, comments and quoting kept, and the preview shows it', async () => {
    const opened = await call(editor, `/api/files/${chairman}`);
    const before = read(chairman);
    opened.body.data.sections[1].heading = '朝 2050 淨零穩步前進（更新）';
    let saved: Awaited<ReturnType<typeof call>> | undefined;
    const built = await nextEvent(
      editor,
      (event) => event.type === 'built' || event.type === 'error',
      async () => {
        saved = await call(editor, `/api/files/${chairman}`, {
          method: 'PUT',
          json: { data: opened.body.data },
          headers: { 'If-Match': opened.headers.etag! },
        });
      },
    );
    expect(saved!.status).toBe(200);
    expect(saved!.headers.etag).not.toBe(opened.headers.etag);
    const after = read(chairman);
    expect(changedLines(before, after)).toEqual([16]);
    expect(after.split('\n')[15]).toBe('    heading: 朝 2050 淨零穩步前進（更新）');
    expect(after.split('\n')[0]).toBe('# yaml-language-server: $schema=../../../schemas/article.schema.json');
    expect(built).toMatchObject({ type: 'built' });
    expect(built.pages).toContain('/preview/zh_TW/chairman');
    const page = await call(editor, '/preview/zh_TW/chairman');
    expect(page.status).toBe(200);
    expect(page.text).toContain('朝 2050 淨零穩步前進（更新）');
    // The page's own files are served too, at the addresses it links to.
    const script = /<script type="module" src="([^"]+)"/.exec(page.text)![1]!;
    expect((await call(editor, script)).status).toBe(200);
  });

  it('keeps a quoted string quoted and the body as it was when a Markdown file’s title changes', async () => {
    const path = 'zh_TW/events/2023-beach-cleanup.md';
    const before = read(path);
    const opened = await call(editor, `/api/files/${path}`);
    opened.body.data.title = '黃金海岸淨灘';
    const saved = await call(editor, `/api/files/${path}`, {
      method: 'PUT',
      json: { data: opened.body.data, body: opened.body.body },
      headers: { 'If-Match': opened.headers.etag! },
    });
    expect(saved.status).toBe(200);
    const after = read(path);
    expect(changedLines(before, after)).toEqual([4]);
    expect(after.split('\n')[3]).toBe('title: "黃金海岸淨灘"');
  });

  it('keeps the comments, flow lists and quoting of site.yaml when its version label changes', async () => {
    const before = read('site.yaml');
    const opened = await call(editor, '/api/files/site.yaml');
    opened.body.data.version = '[2025] v1.0.17';
    const saved = await call(editor, '/api/files/site.yaml', {
      method: 'PUT',
      json: { data: opened.body.data },
      headers: { 'If-Match': opened.headers.etag! },
    });
    expect(saved.status).toBe(200);
    const after = read('site.yaml');
    const line = before.split('\n').indexOf('version: "[2025] v1.0.16"') + 1;
    expect(changedLines(before, after)).toEqual([line]);
    expect(after).toContain('version: "[2025] v1.0.17"\n');
    expect(after).toContain('# Route names with an English edition ("" is the home page).\nenglishRoutes: ["", report-download,');
  });

  it('refuses an invalid value with 422, naming the field, and leaves the file byte for byte', async () => {
    const before = readFileSync(join(content, chairman));
    const opened = await call(editor, `/api/files/${chairman}`);
    opened.body.data.sections[0].blocks[0].type = 'no-such-block';
    opened.body.data.title = 42;
    const answer = await call(editor, `/api/files/${chairman}`, {
      method: 'PUT',
      json: { data: opened.body.data },
      headers: { 'If-Match': opened.headers.etag! },
    });
    expect(answer.status).toBe(422);
    const fields = answer.body.problems.map((problem: { field: string }) => problem.field);
    expect(fields).toContain('title');
    expect(fields).toContain('sections[0].blocks[0].type');
    expect(answer.body.problems[0]).toMatchObject({
      file: chairman,
      code: expect.stringMatching(/^ESG\d{4}$/),
      line: expect.any(Number),
      column: expect.any(Number),
      message: expect.any(String),
    });
    expect(readFileSync(join(content, chairman)).equals(before)).toBe(true);
  });

  it('refuses with 422 a change that breaks another file: a section id a link points at', async () => {
    const path = 'zh_TW/focus/climate/energy.yaml';
    const before = readFileSync(join(content, path));
    const opened = await call(editor, `/api/files/${path}`);
    const section = opened.body.data.sections.find((candidate: { id?: string }) => candidate.id?.startsWith('focus'));
    section.id = 'focus999';
    const answer = await call(editor, `/api/files/${path}`, { method: 'PUT', json: { data: opened.body.data }, headers: { 'If-Match': opened.headers.etag! } });
    expect(answer.status).toBe(422);
    expect(answer.body.problems.length).toBeGreaterThan(0);
    expect(readFileSync(join(content, path)).equals(before)).toBe(true);
  });

  it('refuses with 412 a save over a file changed on disk since it was opened, and keeps the change on disk', async () => {
    const opened = await call(editor, `/api/files/${chairman}`);
    const onDisk = read(chairman).replace('kicker: 永續經營', 'kicker: 永續經營（Git）');
    writeFileSync(join(content, chairman), onDisk);
    opened.body.data.title = '覆寫';
    const answer = await call(editor, `/api/files/${chairman}`, {
      method: 'PUT',
      json: { data: opened.body.data },
      headers: { 'If-Match': opened.headers.etag! },
    });
    expect(answer.status).toBe(412);
    expect(answer.body.etag).not.toBe(opened.headers.etag);
    // Written outside the editor, not committed: Git cannot say who, only when.
    expect(answer.body.savedBy).toEqual({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(read(chairman)).toBe(onDisk);
  });

  it('answers a file with YAML syntax errors with its errors, and refuses to save over it (409) without writing', async () => {
    const path = 'zh_TW/pages/covid19.yaml';
    const broken = `${read(path)}\ntitle: [unclosed\n`;
    writeFileSync(join(content, path), broken);
    try {
      const opened = await call(editor, `/api/files/${path}`);
      expect(opened.status).toBe(200);
      expect(opened.body.data).toBeNull();
      expect(opened.body.syntaxErrors.length).toBeGreaterThan(0);
      const answer = await call(editor, `/api/files/${path}`, { method: 'PUT', json: { data: { title: 'x' } }, headers: { 'If-Match': opened.headers.etag! } });
      expect(answer.status).toBe(409);
      expect(read(path)).toBe(broken);
    } finally {
      writeFileSync(join(content, path), broken.replace('\ntitle: [unclosed\n', ''));
    }
  });

  it('saves a file while another file has a problem of its own, which the save did not make', async () => {
    const menu = 'zh_TW/menu.yaml';
    const menuText = read(menu);
    writeFileSync(join(content, menu), menuText.replace('to: /chairman }', 'to: /no-such-page }'));
    try {
      const before = await validate(content, { verbose: false }).then(
        () => [],
        (error: ContentErrors) => error.problems,
      );
      expect(before.map((problem) => problem.file)).toEqual([expect.stringMatching(/zh_TW\/menu\.yaml$/)]);
      const opened = await call(editor, `/api/files/${chairman}`);
      opened.body.data.kicker = '永續經營（再修）';
      let answer: Awaited<ReturnType<typeof call>> | undefined;
      // The preview cannot be built while the menu is broken: the page is told what is wrong, and where.
      // (An earlier save's build may still be finishing: its `done` is not this save's answer.)
      const event = await nextEvent(
        editor,
        (candidate) => candidate.type === 'built' || candidate.type === 'error',
        async () => {
          answer = await call(editor, `/api/files/${chairman}`, {
            method: 'PUT',
            json: { data: opened.body.data },
            headers: { 'If-Match': opened.headers.etag! },
          });
        },
      );
      expect(answer!.status).toBe(200);
      expect(read(chairman)).toContain('kicker: 永續經營（再修）');
      expect(event.type).toBe('error');
      expect(event.problems).toEqual([expect.objectContaining({ file: menu, code: expect.stringMatching(/^ESG4/) })]);
    } finally {
      writeFileSync(join(content, menu), menuText);
    }
  });
});

describe('esg edit: making a new file', () => {
  const event = 'zh_TW/events/2026-11-20-river-cleanup.md';
  const eventData = {
    id: '2026-11-20-river-cleanup',
    date: '2026-11-20',
    title: '河川淨溪日',
    summary: '同仁與社區居民一同清理雙溪河岸。',
    cover: '/assets/images/events/2024-tree-planting.svg',
    category: 'environment',
  };
  const create = (path: string, json: unknown, headers: Record<string, string> = { 'If-None-Match': '*' }) =>
    call(editor, `/api/files/${path}`, { method: 'PUT', json, headers });

  it('makes an event with If-None-Match: *, front matter above its body, lists it and builds its page', async () => {
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const built = await nextEvent(
      editor,
      (candidate) => candidate.type === 'built' || candidate.type === 'error',
      async () => {
        answer = await create(event, { data: eventData, body: '清理成果將於下季報告。\n' });
      },
    );
    expect(answer!.status).toBe(201);
    expect(answer!.body).toEqual({ path: event, created: true });
    expect(read(event)).toBe(
      [
        '---',
        'id: 2026-11-20-river-cleanup',
        'date: 2026-11-20',
        'title: 河川淨溪日',
        'summary: 同仁與社區居民一同清理雙溪河岸。',
        'cover: /assets/images/events/2024-tree-planting.svg',
        'category: environment',
        '---',
        '',
        '清理成果將於下季報告。',
        '',
      ].join('\n'),
    );
    expect(built.type).toBe('built');
    const listed = (await call(editor, '/api/files')).body.files.find((file: { path: string }) => file.path === event);
    expect(listed).toMatchObject({ group: 'event', locale: 'zh_TW', translations: { en: { exists: false } } });
    const page = await call(editor, '/preview/zh_TW/event/2026-11-20-river-cleanup');
    expect(page.status).toBe(200);
    expect(page.text).toContain('河川淨溪日');
  });

  it('adds the English version of a zh_TW page from its data, with the schema hint as its first line', async () => {
    const zh = await call(editor, '/api/files/zh_TW/pages/company.yaml');
    const answer = await create('en/pages/company.yaml', { data: zh.body.data });
    expect(answer.status).toBe(201);
    const text = read('en/pages/company.yaml');
    // The content copy is in a temp folder: the hint points at the project's schemas from there.
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=(\.\.\/)+.*schemas\/article\.schema\.json$/);
    expect((await call(editor, '/api/files/en/pages/company.yaml')).body.data).toEqual(zh.body.data);
    const listed = (await call(editor, '/api/files')).body.files.find((file: { path: string }) => file.path === 'zh_TW/pages/company.yaml');
    expect(listed.translations.en.exists).toBe(true);
  });

  it('refuses with 412 to make a file that exists, and leaves it as it was', async () => {
    const before = read(chairman);
    const answer = await create(chairman, { data: { title: '新的' } });
    expect(answer.status).toBe(412);
    expect(answer.body.error).toBe(`${chairman} exists already; open it to edit it`);
    expect(read(chairman)).toBe(before);
  });

  it('refuses an invalid new file with 422 and its problems, writing nothing, not even its folder', async () => {
    const invalidEvent = create('zh_TW/events/2026-12-01-market.md', { data: { ...eventData, id: '2026-12-01-market', cover: undefined } });
    const answer = await invalidEvent;
    expect(answer.status).toBe(422);
    expect(answer.body.problems).toEqual([expect.objectContaining({ file: 'zh_TW/events/2026-12-01-market.md', field: 'cover', message: 'is required' })]);
    expect(existsSync(join(content, 'zh_TW/events/2026-12-01-market.md'))).toBe(false);
    const mismatched = await create('zh_TW/events/2026-12-02-fair.md', { data: eventData });
    expect(mismatched.status).toBe(422);
    expect(mismatched.body.problems.map((problem: { file: string }) => problem.file)).toContain('zh_TW/events/2026-12-02-fair.md');
    expect(existsSync(join(content, 'zh_TW/events/2026-12-02-fair.md'))).toBe(false);
    const override = await create('zh_CN/pages/chairman.yaml', { data: { title: 42 } });
    expect(override.status).toBe(422);
    expect(existsSync(join(content, 'zh_CN'))).toBe(false);
  });

  it.each([
    ['/api/files/..%2Fpackage.json', 400],
    ['/api/files/zh_TW/../../package.json', 400],
    ['/api/files/zh_TW/notes.txt', 404],
    ['/api/files/zh_TW/events/.draft.md', 400],
  ])('refuses to make %s (%i), writing nothing', async (path, status) => {
    const answer = await call(editor, path, { method: 'PUT', json: { data: { title: 'x' } }, headers: { 'If-None-Match': '*' } });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual(expect.any(String));
    expect(existsSync(join(content, 'zh_TW/notes.txt'))).toBe(false);
    expect(existsSync(join(content, 'zh_TW/events/.draft.md'))).toBe(false);
  });
});

describe('esg edit: uploading a photograph', () => {
  const upload = (name: string, bytes: Buffer, type = 'image/jpeg') =>
    call(editor, `/api/assets?name=${encodeURIComponent(name)}`, { method: 'POST', bytes, headers: { 'Content-Type': type } });
  const images = () => readdirSync(join(content, 'assets/images'));

  it('takes a JPEG, answers its path and size, and the build publishes it once a field names it', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer();
    const answer = await upload('river-cleanup.jpg', photo);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ path: '/assets/images/river-cleanup.jpg', width: 900, height: 600 });
    expect(readFileSync(join(content, 'assets/images/river-cleanup.jpg')).equals(photo)).toBe(true);
    expect((await call(editor, '/api/assets')).body.assets).toContainEqual({
      path: '/assets/images/river-cleanup.jpg',
      kind: 'photo',
      bytes: photo.length,
      width: 900,
      height: 600,
      uses: [],
    });

    const event = 'zh_TW/events/2024-tree-planting.md';
    const opened = await call(editor, `/api/files/${event}`);
    const saved = await call(editor, `/api/files/${event}`, {
      method: 'PUT',
      json: { data: { ...opened.body.data, cover: '/assets/images/river-cleanup.jpg' } },
      headers: { 'If-Match': opened.headers.etag! },
    });
    expect(saved.status).toBe(200);
    // The builds of earlier tests' saves may still be under way before this one's: the page is looked at until it shows the photograph.
    const photographSources = async () => {
      const page = await call(editor, '/preview/zh_TW/event/2024-tree-planting');
      return [...page.text.matchAll(/\/_esg\/img\/river-cleanup[^"\s,]*\.(avif|webp|jpg)/g)].map((match) => match[0]);
    };
    let sources: string[] = [];
    for (const deadline = Date.now() + 30_000; !(sources = await photographSources()).length && Date.now() < deadline;)
      await new Promise((done) => setTimeout(done, 200));
    expect(new Set(sources.map((source) => source.split('.').pop()))).toEqual(new Set(['avif', 'webp', 'jpg']));
    const encoded = await call(
      editor,
      sources.find((source) => source.endsWith('.avif'))!,
    );
    expect(encoded.status).toBe(200);
    expect(encoded.headers['content-type']).toBe('image/avif');
  });

  it('refuses a file that is not the image it claims to be (422), writing nothing', async () => {
    const answer = await upload('notes.jpg', Buffer.from('these are meeting notes, not a photograph\n'));
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatch(/^the file is not a jpeg photograph that can be read \(.+\); export it again as JPEG, PNG or WebP and upload that$/);
    expect(images()).not.toContain('notes.jpg');
  });

  it('refuses a photograph over 20 MB (413), writing nothing', async () => {
    const answer = await upload('huge.jpg', Buffer.alloc(21 * 1024 * 1024));
    expect(answer.status).toBe(413);
    expect(answer.body.error).toContain('over 20 MB');
    expect(images()).not.toContain('huge.jpg');
  });

  it.each([
    ['a text file', 'notes.txt', 'text/plain', 415],
    ['an SVG', 'logo-2.svg', 'image/svg+xml', 415],
    ['a name with a folder', '../site.jpg', 'image/jpeg', 400],
    ['a name with an upper-case ending the schema refuses', 'plant.JPG', 'image/jpeg', 400],
    ['a name with spaces', 'my plant.jpg', 'image/jpeg', 400],
    ['a PNG named .jpg', 'plant.jpg', 'image/png', 400],
    ['a name that exists', 'river-cleanup.jpg', 'image/jpeg', 409],
  ])('refuses %s (%s as %s) with %i, writing nothing', async (_what, name, type, status) => {
    const before = images();
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const answer = await upload(name, photo, type);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual(expect.any(String));
    expect(images()).toEqual(before);
  });
});
