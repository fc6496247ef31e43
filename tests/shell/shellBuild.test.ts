import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSample, contentCopy, editContent } from '../helpers/site.ts';
import { page } from '../helpers/html.ts';
import { mayPrefetch } from '../../widgets/shellBehaviours.ts';

describe('prefetch conditions', () => {
  it('prefetches online on a fast connection, and not offline, on 2g or with data saver', () => {
    expect(mayPrefetch(true)).toBe(true);
    expect(mayPrefetch(true, { effectiveType: '4g', saveData: false })).toBe(true);
    expect(mayPrefetch(false, { effectiveType: '4g' })).toBe(false);
    expect(mayPrefetch(true, { effectiveType: '2g' })).toBe(false);
    expect(mayPrefetch(true, { effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetch(true, { effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('the built shell', () => {
  it('loads the tag manager scripts only when site.yaml names a container', async () => {
    const plain = await buildSample();
    expect(readFileSync(join(plain, 'zh_TW/index.html'), 'utf8')).not.toContain('googletagmanager');
    const content = contentCopy();
    editContent(content, 'site.yaml', (text) => text.replace(/containerId: ""/, 'containerId: GTM-TEST123'));
    const out = await buildSample(content);
    for (const file of ['zh_TW/index.html', 'en/about/index.html', 'zh_TW/404.html']) {
      const html = page(readFileSync(join(out, file), 'utf8'));
      const scripts = html.byTag('script');
      expect(
        scripts.filter((script) => script.attribs.src === 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123' && 'async' in script.attribs),
      ).toHaveLength(1);
      // The start event is a file of its own: the CSP allows no inline script (docs/product.md, "Tag manager").
      const start = scripts.find((script) => /^\/_esg\/tagManager-[A-Z0-9]+\.js$/.test(script.attribs.src ?? ''));
      expect(readFileSync(join(out, start!.attribs.src!), 'utf8')).toContain('gtm.start');
    }
  });

  it('marks every page with its route name and carries the shell texts', async () => {
    const out = await buildSample();
    const about = page(readFileSync(join(out, 'zh_TW/about/index.html'), 'utf8'));
    expect(about.byTag('html')[0]!.attribs['data-route']).toBe('about');
    expect(page(readFileSync(join(out, 'zh_TW/index.html'), 'utf8')).byTag('html')[0]!.attribs['data-route']).toBe('index');
    expect(about.text(about.byClass('offline-notice')[0]!)).toContain('沒有網路連線');
    expect(
      about.byClass('share-targets')[0] && about.byClass('share-targets', 'ul')[0]!.children.filter((child) => 'name' in child && child.name === 'li'),
    ).toHaveLength(4);
    const en = page(readFileSync(join(out, 'en/404.html'), 'utf8'));
    expect(en.text(en.byClass('widget-error')[0]!)).toBe('An error occurred while rendering the page. Check developer tools console for details.');
  });
});
