import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventResponse } from '../../cli/build/stages/10-emit/api.ts';
import { writePhotograph } from '../helpers/photographs.ts';
import { contentCopy, editContent, runEsg, tempDir } from '../helpers/site.ts';

// An event's story links to pages, sections and downloads, and shows a photograph: in Markdown,
// as an editor writes them. The links take the page's locale as every content link does, and the
// photograph is published as its encodings, as every content photograph is.

let out: string;
const read = (path: string) => readFileSync(join(out, path), 'utf8');
const story =
  '\n報告範疇請見[關於本報告書](/about#scope)，全文可下載[2023 報告書](/assets/reports/huayue-esg-2023-zh_TW.pdf)。\n\n![植樹現場的苗木](/assets/images/events/saplings.jpg)\n';

beforeAll(async () => {
  const content = contentCopy();
  await writePhotograph(join(content, 'assets/images/events/saplings.jpg'), { width: 1600, height: 1200 });
  editContent(content, 'zh_TW/events/2024-tree-planting.md', (text) => `${text}${story}`);
  editContent(content, 'en/events/2024-school-reading-support.md', (text) => `${text}\nThe scope of the report is [on the about page](/about#scope).\n`);
  out = join(tempDir(), 'out');
  const built = runEsg(['build', '--content', content, '--out', out]);
  expect(built.code, built.stderr).toBe(0);
});

describe("an event story's links and images", () => {
  it.each([
    ['zh_TW', '/zh_TW/about#scope', '2024-tree-planting'],
    ['zh_CN', '/zh_CN/about#scope', '2024-tree-planting'],
    ['en', '/en/about#scope', '2024-school-reading-support'],
  ])('lead a %s reader to the page of their locale', (locale, href, event) => {
    const html = read(`${locale}/event/${event}/index.html`);
    const body = html.slice(html.indexOf('class="event-body"'));
    expect(body).toContain(`href="${href}"`);
  });

  it('keep a download an asset link, without a locale', () => {
    expect(read('zh_TW/event/2024-tree-planting/index.html')).toContain('href="/assets/reports/huayue-esg-2023-zh_TW.pdf"');
  });

  it('show a photograph as its encodings with its size and text, and the events API gives its JPEG', () => {
    const html = read('zh_TW/event/2024-tree-planting/index.html');
    const body = html.slice(html.indexOf('class="event-body"'));
    expect(body).toMatch(/<picture><source type="image\/avif" srcSet="\/_esg\/img\/saplings-[0-9a-f]+-480\.avif 480w/);
    expect(body).toMatch(/<img src="\/_esg\/img\/saplings-[0-9a-f]+-1200\.jpg"[^>]* alt="植樹現場的苗木" width="1600" height="1200"/);
    expect(body).not.toContain('/assets/images/events/saplings.jpg');
    const api = JSON.parse(read('api/events/2024-tree-planting.json')) as EventResponse;
    expect(api.items.data.html).toMatch(/<img src="\/_esg\/img\/saplings-[0-9a-f]+-1200\.jpg" alt="植樹現場的苗木">/);
  });
});
