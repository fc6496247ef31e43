import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { kindOf, siteWideFiles } from './content/catalog.ts';
import { schemaDir } from './content/validators.ts';
import { errors } from './errorCatalogue.ts';
import { UsageError } from './errors.ts';
import { displayPath } from './paths.ts';

const hintPrefix = '# yaml-language-server: $schema=';

/**
 * `esg schema-hints`: gives every YAML content file without one a first line pointing at its schema, so editors
 * with the YAML extension get completion and explanations. Returns the files it changed.
 */
export function addSchemaHints(contentDir: string): string[] {
  const changed: string[] = [];
  for (const file of yamlFiles(contentDir)) {
    const hint = schemaHint(contentDir, file);
    if (!hint) continue;
    const text = readFileSync(file, 'utf8');
    // A file that names a schema already keeps its line: the editor may have pointed it elsewhere on purpose.
    if (text.startsWith(hintPrefix)) continue;
    writeFileSync(file, `${hint}\n${text}`);
    changed.push(displayPath(file));
  }
  return changed;
}

/** The first line a content file should have, with the schema's path relative to the file. */
export function schemaHint(contentDir: string, file: string): string | undefined {
  const inLocale = relative(contentDir, file).split('/').slice(1).join('/');
  const kind = siteWideFiles.find((siteWide) => file === join(contentDir, siteWide.pattern)) ?? kindOf(inLocale);
  return kind && `${hintPrefix}${relative(dirname(file), join(schemaDir, `${kind.schema}.schema.json`))}`;
}

export function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'assets' || name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? yamlFiles(path) : name.endsWith('.yaml') ? [path] : [];
  });
}

/** Example front matter and story of a new event, per locale; the editor replaces every text. */
const eventTemplates: Record<'zh_TW' | 'en', (id: string, date: string) => string> = {
  zh_TW: (id, date) => `---
id: ${id}
date: "${date}"
title: 活動名稱（請改寫）
summary: 用一兩句話說明活動的目的與成果，會顯示在活動列表與首頁。
cover: /assets/images/events/${id}.svg
coverAlt: 封面圖片的文字說明
category: society
place: 活動地點
---
活動的故事：做了什麼、誰參與、帶來什麼改變。

## 活動亮點

- 第一個亮點
- 第二個亮點
`,
  en: (id, date) => `---
id: ${id}
date: "${date}"
title: Event title (please rewrite)
summary: One or two sentences on what the event was for and what it achieved; shown in lists and on the home page.
cover: /assets/images/events/${id}.svg
coverAlt: What the cover picture shows
category: society
place: Where it took place
---
The story of the event: what happened, who took part, what changed.
`,
};

/** A plain cover so the new event builds at once; replace it with the real picture. */
const coverSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675"><rect width="1200" height="675" fill="#e6f2f0"/><circle cx="600" cy="338" r="140" fill="#0f5c55" opacity=".18"/><path d="M0 520c200-80 400-80 600 0s400 80 600 0v155H0z" fill="#0f5c55" opacity=".25"/></svg>\n`;

/** `esg new event <id>`: the event file in zh_TW and en with example front matter, and a cover to replace. */
export function newEvent(contentDir: string, id: string, today = new Date()): string[] {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) throw new UsageError(errors.badEventId, id);
  const files = (['zh_TW', 'en'] as const).map((locale) => join(contentDir, locale, 'events', `${id}.md`));
  const existing = files.filter((file) => existsSync(file));
  if (existing.length) throw new UsageError(errors.eventExists, existing.map(displayPath));
  const date = today.toISOString().slice(0, 10);
  const written: string[] = [];
  (['zh_TW', 'en'] as const).forEach((locale, index) => {
    mkdirSync(dirname(files[index]!), { recursive: true });
    writeFileSync(files[index]!, eventTemplates[locale](id, date));
    written.push(displayPath(files[index]!));
  });
  const cover = join(contentDir, 'assets/images/events', `${id}.svg`);
  if (!existsSync(cover)) {
    mkdirSync(dirname(cover), { recursive: true });
    writeFileSync(cover, coverSvg);
    written.push(displayPath(cover));
  }
  return written;
}
