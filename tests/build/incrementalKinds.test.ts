/**
 * An incremental build after a small text edit gives the same out/ as a clean build, for one
 * content file of each kind the catalogue knows (cli/content/catalog.ts) and a few English ones.
 * index2023.yaml and performance2024.yaml are left out to keep the file short: they follow the
 * schemas of index2024.yaml and performance.yaml and are rendered the same way.
 *
 * It guards the page fingerprints (cli/build/record/incremental.ts): a page must be rendered again
 * whenever any input it reads changed. A change to metrics.yaml once rendered nothing, because a
 * Map in the fingerprint was hashed as `{}`; the same kind of mistake could hide behind any file.
 *
 * The files are edited one after the other in one content copy, each edit followed by an
 * incremental build into the same out/ and a clean build into a new folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { differences, quietBuild } from '../helpers/outFolders.ts';
import { contentCopy, editContent, tempDir } from '../helpers/site.ts';

/** An edit that puts `to` in place of the first `from` of the file. */
const replacing = (from: string, to: string) => (text: string) => text.replace(from, to);

/** One file of each kind, with an edit of one human-readable string in it. */
const edits: [file: string, edit: (text: string) => string][] = [
  // The files directly in content/.
  ['site.yaml', replacing('name: 華岳實業股份有限公司', 'name: 華岳實業股份有限公司（總公司）')],
  ['metrics.yaml', replacing('label: { zh_TW: 綠能事業營收占比,', 'label: { zh_TW: 綠能事業營收占比（含儲能）,')],
  ['synonyms.yaml', replacing('綠電, 綠色電力', '綠電, 綠色供電, 綠色電力')],
  // The shell of every page of a locale.
  ['zh_TW/messages.yaml', replacing('site.slogan: 線連世界・鋼鑄永續', 'site.slogan: 線連世界・鋼鑄永續・共好未來')],
  ['zh_TW/menu.yaml', replacing('{ name: 公司概況, to: /company }', '{ name: 公司概況與沿革, to: /company }')],
  ['zh_TW/sitemap.yaml', replacing('{ page: 外部肯定, url: /external }', '{ page: 外部肯定與獎項, url: /external }')],
  // Home pages, this year's and an earlier year's.
  ['zh_TW/home.yaml', replacing('title: 線連世界，低碳同行', 'title: 線連世界，低碳同行向前')],
  ['zh_TW/index2024.yaml', replacing('title: 讓廢鋼再出發', 'title: 讓廢鋼再次出發')],
  // Pages of one file each.
  ['zh_TW/report-download.yaml', replacing('latestHeading: 最新報告書', 'latestHeading: 最新一期報告書')],
  ['zh_TW/search.yaml', replacing('recommendedHeading: 推薦搜尋', 'recommendedHeading: 推薦的搜尋')],
  ['zh_TW/sustainable.yaml', replacing('subtitle: 以透明治理贏得長期信任', 'subtitle: 以透明治理贏得長期的信任')],
  ['zh_TW/report/UNGC-support.yaml', replacing('並避免成為侵害人權的共犯。', '並避免成為侵害人權的共犯或受益者。')],
  ['zh_TW/performance.yaml', replacing('heading: 經營成果', 'heading: 經營成果與分配')],
  ['zh_TW/materiality-analyze.yaml', replacing('{ id: governance, name: 治理 }', '{ id: governance, name: 公司治理面 }')],
  ['zh_TW/components.yaml', replacing('Tooltip: 表格或文字旁的說明按鈕', 'Tooltip: 表格或文字旁的小說明按鈕')],
  ['zh_TW/report/gri.yaml', replacing('text: GRI 1：基礎 2021', 'text: GRI 1：基礎 2021（中文版）')],
  ['zh_TW/report/sasb.yaml', replacing('note: 範圍為彰化線纜廠與台南精密線材廠。', 'note: 範圍為彰化線纜廠與台南精密線材廠，不含總部。')],
  ['zh_TW/report/exchange.yaml', replacing('remark: 併同 SASB 鋼鐵生產準則揭露', 'remark: 併同 SASB 鋼鐵生產準則一併揭露')],
  ['zh_TW/report/climate.yaml', replacing('總經理每半年向永續發展委員會報告減碳進度。', '總經理每半年向永續發展委員會報告減碳與調適進度。')],
  ['zh_TW/report/accounting.yaml', replacing('確信範圍以報告邊界內之總部與三座工廠為限', '確信範圍以報告邊界內之台北總部與三座工廠為限')],
  ['zh_TW/qa.yaml', replacing('{ tag: real estate, label: 不動產開發 }', '{ tag: real estate, label: 不動產開發事業 }')],
  ['zh_TW/questionnaire.yaml', replacing('{ id: media, label: 媒體／學術單位 }', '{ id: media, label: 媒體／學術研究單位 }')],
  // Articles and events, many files of one kind.
  ['zh_TW/pages/company.yaml', replacing('heading: 事業版圖', 'heading: 五大事業版圖')],
  ['zh_TW/focus/climate/energy.yaml', replacing('每年由各廠提出節能提案', '每年由各廠與總部提出節能提案')],
  ['zh_TW/events/2024-tree-planting.md', replacing('擴大綠色緩衝帶。', '擴大廠區周邊的綠色緩衝帶。')],
  // English files: a locale of its own, not converted from zh_TW.
  [
    'en/messages.yaml',
    replacing('site.slogan: Wiring the world, forging a sustainable future', 'site.slogan: Wiring the world, forging a sustainable future together'),
  ],
  ['en/pages/about.yaml', replacing('heading: Reporting period and boundary', 'heading: Reporting period and reporting boundary')],
  ['en/events/2024-kiwi-farmer-market.md', replacing('title: "Taitung kiwi farmers\' market"', 'title: "Taitung kiwi-fruit farmers\' market"')],
];

describe('an incremental build after one file of each kind changed (cli/build/record/incremental.ts)', () => {
  let content: string;
  let out: string;

  // One build cache for the whole sequence: each incremental build reads the record the one before wrote.
  beforeAll(async () => {
    process.env.ESG_CACHE_DIR = tempDir('esg-cache-');
    content = contentCopy();
    out = join(tempDir(), 'out');
    await quietBuild(content, out);
  });

  it.each(edits)('after %s changed, is byte-identical to a clean build', async (file, edit) => {
    const before = readFileSync(join(content, file), 'utf8');
    editContent(content, file, edit);
    expect(readFileSync(join(content, file), 'utf8'), `the edit of ${file} changed nothing`).not.toBe(before);

    const result = await quietBuild(content, out);
    const clean = join(tempDir(), 'clean');
    await quietBuild(content, clean, true);
    const differing = differences(out, clean);
    // Start the next file from a right out/ even when this one went wrong, so each failure names its own file.
    if (differing.length > 0) await quietBuild(content, out, true);
    expect(differing, `out/ after ${file} changed, against a clean build`).toEqual([]);
    expect(result.changed, `the build after ${file} changed was not incremental`).toBeDefined();
    expect(result.changed!.written.length, `the build after ${file} changed wrote nothing`).toBeGreaterThan(0);
  });
});
