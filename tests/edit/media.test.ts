import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, editorInBrowser, nextEvent, openEditorPage } from './editor.ts';

// The media view of content/assets: what each file is and where it is used, and pictures chosen
// for fields from it, never without their description.

const setup = editorInBrowser();
const read = (path: string) => readFileSync(join(setup.content, path), 'utf8');

describe('esg edit: the files of content/assets (GET /api/assets)', () => {
  it('gives each file its kind, bytes, pixel size and the fields and pages that name it', async () => {
    const { status, body } = await call(setup.editor, '/api/assets');
    expect(status).toBe(200);
    const byPath = new Map(body.assets.map((asset: { path: string }) => [asset.path, asset]));
    const banner = byPath.get('/assets/images/home/banner-2.svg') as any;
    expect(banner).toMatchObject({ kind: 'drawing', width: 1600, height: 640, bytes: statSync(join(setup.content, 'assets/images/home/banner-2.svg')).size });
    expect(banner.uses).toContainEqual({
      file: 'zh_TW/home.yaml',
      field: 'banners[1].image.src',
      alt: expect.stringMatching(/不鏽鋼捲/),
      pages: ['/preview/zh_TW', '/preview/zh_CN'],
    });
    expect(banner.uses.map((use: { file: string }) => use.file)).toContain('en/home.yaml');
    // An event's cover with the description beside it.
    expect((byPath.get('/assets/images/events/2024-tree-planting.svg') as any).uses[0]).toMatchObject({
      file: 'zh_TW/events/2024-tree-planting.md',
      field: 'cover',
      alt: expect.stringMatching(/^淺色抽象插畫/),
    });
    // A report's PDF: a document, no pixels, named by site.yaml, which makes no page of its own.
    expect(byPath.get('/assets/reports/huayue-esg-2023-en.pdf')).toMatchObject({
      kind: 'document',
      uses: [{ file: 'site.yaml', field: 'reports[0].files[1].file', pages: [] }],
    });
    expect(byPath.get('/assets/reports/huayue-esg-2023-en.pdf')).not.toHaveProperty('width');
    // The one file that no content names.
    expect(body.assets.filter((asset: { uses: unknown[] }) => asset.uses.length === 0).map((asset: { path: string }) => asset.path)).toEqual([
      '/assets/images/logo.svg',
    ]);
  });

  it('finds a picture named in a Markdown body, and sizes a turned photograph as it is shown', async () => {
    // Taken with the camera on its side: stored 300 × 200, shown 200 × 300 (EXIF orientation 6).
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#468' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    writeFileSync(join(setup.content, 'assets/images/turned.jpg'), photo);
    const event = join(setup.content, 'zh_TW/events/2024-kiwi-farmer-market.md');
    writeFileSync(event, `${readFileSync(event, 'utf8')}\n![攤位上的奇異果](/assets/images/turned.jpg)\n`);
    const { body } = await call(setup.editor, '/api/assets');
    expect(body.assets.find((asset: { path: string }) => asset.path === '/assets/images/turned.jpg')).toMatchObject({
      kind: 'photo',
      width: 200,
      height: 300,
      bytes: photo.length,
      uses: [{ file: 'zh_TW/events/2024-kiwi-farmer-market.md', field: 'body' }],
    });
    // Replaced by another photograph of the same name: measured again.
    const wider = await sharp({ create: { width: 500, height: 100, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(setup.content, 'assets/images/turned.jpg'), wider);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(setup.content, 'assets/images/turned.jpg'), later, later);
    const again = await call(setup.editor, '/api/assets');
    expect(again.body.assets.find((asset: { path: string }) => asset.path === '/assets/images/turned.jpg')).toMatchObject({ width: 500, height: 100 });
  });

  it('sends a small WebP of a picture, and refuses anything that is not a picture of content/assets', async () => {
    const answer = await call(setup.editor, '/api/thumbnails/assets/images/home/banner-2.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    const bytes = await new Promise<Buffer>((done, fail) =>
      fetch(`${setup.editor.origin}/api/thumbnails/assets/images/home/banner-2.svg`, { headers: { Authorization: `Bearer ${setup.editor.token}` } })
        .then((response) => response.arrayBuffer())
        .then((buffer) => done(Buffer.from(buffer)), fail),
    );
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(360);
    expect(meta.width! / meta.height!).toBeCloseTo(1600 / 640, 1);

    expect((await call(setup.editor, '/api/thumbnails/assets/reports/huayue-esg-2023-en.pdf')).status).toBe(404);
    expect((await call(setup.editor, '/api/thumbnails/assets/images/none.png')).status).toBe(404);
    expect((await call(setup.editor, '/api/thumbnails/assets/../site.yaml')).status).toBe(400);
    expect((await call(setup.editor, '/api/thumbnails/assets/images/home/banner-2.svg', { token: false })).status).toBe(401);
  });
});

describe('esg edit: the media view and picker in a browser', { timeout: 120_000 }, () => {
  it('lists every file with its thumbnail, size and uses in Chinese, finds the unused one, and opens a file that uses a picture', async () => {
    const { page, errors } = await openEditorPage(setup, { locale: 'zh-TW' });
    await page.getByRole('button', { name: '圖片與檔案' }).click();
    const view = page.getByRole('region', { name: '圖片與檔案' });
    await view.locator('.media-card').first().waitFor();
    const count = (await call(setup.editor, '/api/assets')).body.assets.length;
    await expect(view.locator('.media-card').count()).resolves.toBe(count);
    await expect(view.getByText(`圖片庫中有 ${count} 個圖片與檔案，其中 1 個沒有任何頁面使用。`).count()).resolves.toBe(1);
    const banner = view.locator('.media-card', { hasText: 'banner-2.svg' });
    await expect(banner.locator('.media-facts').textContent()).resolves.toBe('1600 × 640 像素 · 1 KB');
    // The thumbnail loads (lazily, once in view), as the server made it.
    await banner.scrollIntoViewIfNeeded();
    await expect.poll(() => banner.locator('img').evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))).toBe(360);
    await view.getByRole('checkbox', { name: '只顯示沒有頁面使用的檔案' }).check();
    await expect(view.locator('.media-card .media-name').allTextContents()).resolves.toEqual(['logo.svg']);
    await expect(view.locator('.media-card').textContent()).resolves.toContain('沒有頁面使用。');
    await view.getByRole('checkbox', { name: '只顯示沒有頁面使用的檔案' }).uncheck();
    await view.getByRole('searchbox', { name: '以檔名搜尋' }).fill('banner-2');
    await expect(view.locator('.media-card').count()).resolves.toBe(1);
    // A use's field is named by its title in the form, not by its key.
    await expect(banner.locator('.media-field').first().textContent()).resolves.toBe('橫幅 2 › 橫幅圖片 › 圖片檔案');
    await view.getByRole('searchbox', { name: '以檔名搜尋' }).fill('2024-tree-planting');
    await expect(view.locator('.media-field').first().textContent()).resolves.toBe('封面圖片');
    await view.getByRole('searchbox', { name: '以檔名搜尋' }).fill('banner-2');
    await banner.getByRole('list', { name: 'banner-2.svg 的使用位置' }).getByRole('button', { name: 'zh_TW/home.yaml' }).click();
    await page.locator('.editor-bar h2', { hasText: 'zh_TW/home.yaml' }).waitFor({ timeout: 30_000 });
    expect(page.url()).toMatch(/#zh_TW\/home\.yaml$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('chooses a picture for an English image field, asking for its description and suggesting the English one written where it is used', async () => {
    const file = 'en/events/2023-rooftop-solar-inauguration.md';
    const { page, errors } = await openEditorPage(setup, { locale: 'en', path: file });
    const field = page.locator('.form-group', { has: page.locator('#root_cover') }).last();
    await field.getByRole('button', { name: 'Choose or upload…' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a picture' });
    // Pictures only: the reports' PDFs are not offered to an image field.
    await expect(picker.locator('.media-card', { hasText: '.pdf' }).count()).resolves.toBe(0);
    await picker.getByRole('searchbox', { name: 'Find a file by name' }).fill('banner-2');
    await picker.getByRole('button', { name: 'Use this: banner-2.svg' }).click();
    const description = picker.getByLabel('What the picture shows (alternative text)');
    const english = (await call(setup.editor, '/api/assets')).body.assets
      .find((asset: { path: string }) => asset.path === '/assets/images/home/banner-2.svg')
      .uses.find((use: { file: string }) => use.file === 'en/home.yaml').alt;
    await expect(description.inputValue()).resolves.toBe(english);
    await expect(picker.getByText('Written where the picture is used already; check that it fits here too.').count()).resolves.toBe(1);
    // Another picture, one nobody has described: nothing suggested, and it cannot be used undescribed.
    await picker.getByRole('button', { name: 'Choose another picture' }).click();
    await picker.getByRole('searchbox', { name: 'Find a file by name' }).fill('logo');
    await picker.getByRole('button', { name: 'Use this: logo.svg' }).click();
    await expect(description.inputValue()).resolves.toBe('');
    await expect(picker.getByRole('button', { name: 'Use the picture' }).isDisabled()).resolves.toBe(true);
    await description.fill('   ');
    await expect(picker.getByRole('button', { name: 'Use the picture' }).isDisabled()).resolves.toBe(true);
    await description.fill('The company logo: a green square with a gold arch');
    await picker.getByRole('button', { name: 'Use the picture' }).click();
    await picker.waitFor({ state: 'detached' });
    await expect(page.locator('#root_cover').inputValue()).resolves.toBe('/assets/images/logo.svg');
    await expect(page.locator('#root_coverAlt').inputValue()).resolves.toBe('The company logo: a green square with a gold arch');
    await expect.poll(() => field.locator('img.asset-current').getAttribute('src')).toBe('/api/thumbnails/assets/images/logo.svg');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.status.saved').waitFor({ timeout: 30_000 });
    expect(read(file)).toMatch(/^cover: \/assets\/images\/logo\.svg$/m);
    expect(read(file)).toMatch(/^coverAlt: "?The company logo: a green square with a gold arch"?$/m);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('chooses and describes a picture by keyboard alone, focus visible at each step', async () => {
    const file = 'zh_TW/events/2025-tree-planting.md';
    const { page, errors } = await openEditorPage(setup, { locale: 'zh-TW', path: file });
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return {
          text: element.textContent?.trim() ?? '',
          label: element.getAttribute('aria-label') ?? '',
          visible: element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none',
        };
      });
    await page.locator('#root_cover').focus();
    for (let step = 0; step < 5 && (await focused()).text !== '選擇或上傳…'; step++) await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: '選擇或上傳…', visible: true });
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: '選擇圖片' });
    await picker.waitFor();
    // Focus starts in the search box.
    await page.keyboard.type('kiwi');
    for (let step = 0; step < 5 && !(await focused()).label.startsWith('使用這張'); step++) await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ label: '使用這張：2024-kiwi-farmer-market.svg', visible: true });
    await page.keyboard.press('Enter');
    // The description, suggested from the kiwi market's cover, is where focus goes next; it is rewritten.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('奇異果切面插畫');
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: '使用圖片', visible: true });
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await expect(page.locator('#root_cover').inputValue()).resolves.toBe('/assets/images/events/2024-kiwi-farmer-market.svg');
    await expect(page.locator('#root_coverAlt').inputValue()).resolves.toBe('奇異果切面插畫');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('uploads a new photograph from a block’s picture only once it is described, in Chinese', async () => {
    const file = 'zh_TW/components.yaml';
    const { page, errors } = await openEditorPage(setup, { locale: 'zh-TW', path: file });
    const src = page.locator('input[id$="_image_src"]').first();
    const id = await src.getAttribute('id');
    const alt = page.locator(`#${id!.replace(/_src$/, '_alt')}`);
    const before = await alt.inputValue();
    const field = page.locator('.form-group', { has: src }).last();
    await field.getByRole('button', { name: '選擇或上傳…' }).click();
    const picker = page.getByRole('dialog', { name: '選擇圖片' });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const images = () => readdirSync(join(setup.content, 'assets/images'));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), picker.getByRole('button', { name: '上傳新照片…' }).click()]);
    await chooser.setFiles({ name: '屋頂光電 2025.PNG', mimeType: 'image/png', buffer: photo });
    await expect(picker.getByLabel('圖片內容說明（替代文字）').inputValue()).resolves.toBe('');
    await expect(picker.getByRole('button', { name: '上傳並使用' }).isDisabled()).resolves.toBe(true);
    expect(images().filter((name) => name.endsWith('.png'))).toEqual([]);
    await picker.getByLabel('圖片內容說明（替代文字）').fill('廠房屋頂上的太陽光電板');
    await picker.getByRole('button', { name: '上傳並使用' }).click();
    await picker.waitFor({ state: 'detached', timeout: 20_000 });
    // The writer's name stays readable: its Chinese kept, the space a dash, the ending in lower case.
    await expect(src.inputValue()).resolves.toBe('/assets/images/屋頂光電-2025.png');
    expect(readFileSync(join(setup.content, 'assets/images/屋頂光電-2025.png')).equals(photo)).toBe(true);
    await expect(alt.inputValue()).resolves.toBe('廠房屋頂上的太陽光電板');
    expect(before).not.toBe('廠房屋頂上的太陽光電板');
    // The media view lists it at once, used by no page until the file is saved.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: '圖片與檔案' }).click();
    const card = page.locator('.media-card', { hasText: '屋頂光電-2025.png' });
    await card.waitFor();
    await expect(card.locator('.media-facts').textContent()).resolves.toMatch(/^800 × 600 像素 · \d+ KB$/);
    expect(existsSync(join(setup.content, 'assets/images/屋頂光電-2025.png'))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('publishes a photograph whose name has Chinese in it: the event page shows it in every size and format', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a8fb7' } })
      .jpeg()
      .toBuffer();
    const uploaded = await call(setup.editor, `/api/assets?name=${encodeURIComponent('img-2031-淨灘合照.jpg')}`, {
      method: 'POST',
      bytes: photo,
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.path).toBe('/assets/images/img-2031-淨灘合照.jpg');
    const event = 'zh_TW/events/2023-beach-cleanup.md';
    const opened = await call(setup.editor, `/api/files/${event}`);
    const data = { ...opened.body.data, cover: uploaded.body.path };
    await nextEvent(
      setup.editor,
      (message) => message.type === 'done' || message.type === 'error',
      async () => {
        const saved = await call(setup.editor, `/api/files/${event}`, {
          method: 'PUT',
          json: { data, body: opened.body.body },
          headers: { 'If-Match': opened.headers.etag! },
        });
        expect(saved.status).toBe(200);
      },
    );
    const page = await call(setup.editor, '/preview/zh_TW/event/2023-beach-cleanup');
    const sources = [...page.text.matchAll(/(?:src|srcset)="([^"]*img-2031[^"]*)"/gi)].flatMap((match) =>
      match[1]!.split(', ').map((part) => part.split(' ')[0]!),
    );
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      const address = `/preview${source.startsWith('/') ? '' : '/'}${encodeURI(decodeURI(source))}`;
      expect(`${(await call(setup.editor, address)).status} ${source}`).toBe(`200 ${source}`);
    }
  });
});
