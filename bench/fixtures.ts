/**
 * bench/fixtures: the synthetic corpus of the build benchmark, written at run time and never
 * committed: a copy of the sample content plus `count` generated events. `bench/build.ts` uses it;
 * to profile a large build by hand:
 *   node bin/run.js bench/fixtures.ts --events 1000 --to /tmp/esg-1000
 *   node --cpu-prof bin/esg.js build --content /tmp/esg-1000 --out /tmp/esg-1000-out
 */
import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** A copy of the sample content in `dir` with `count` generated zh_TW events (zh_CN is converted from them). */
export function writeCorpus(dir: string, count: number): string {
  cpSync(join(root, 'content'), dir, { recursive: true });
  const covers = readdirSync(join(dir, 'assets/images/events')).filter((name) => name.endsWith('.svg'));
  for (let i = 0; i < count; i++) writeFileSync(join(dir, 'zh_TW/events', `bench-${String(i).padStart(5, '0')}.md`), generatedEvent(i, covers));
  return dir;
}

const places = ['台南精密線材廠', '高雄不銹鋼廠', '桃園電纜廠', '台北總部', '彰化物流中心'];
const activities = ['淨灘', '植樹', '捐血', '節能講座', '職安演練', '供應商座談', '社區課輔', '志工日'];
const categories = ['governance', 'environment', 'society', 'employees', 'suppliers'];
const sentences = [
  '同仁與眷屬一同參加，活動前先由講師說明安全注意事項與分工。',
  '本次共減少約 {n} 公斤廢棄物，資料已交給合作團體追蹤來源。',
  '活動結束後，各組分享心得，並提出明年可以改進的做法。',
  '我們將持續與在地團體合作，讓永續行動成為日常的一部分。',
  '參與人數達 {n} 人，較去年成長，顯示同仁對公益活動的支持。',
];

/** One event file in the sample's format, with text that varies from event to event. */
function generatedEvent(i: number, covers: string[]): string {
  const pick = <T>(list: T[], salt = 0) => list[(i * 7 + salt) % list.length]!;
  const day = new Date(Date.UTC(2015, 0, 1) + (i % 3650) * 86_400_000).toISOString().slice(0, 10);
  const title = `${pick(places)}${pick(activities, 3)}第 ${i + 1} 場`;
  const body = Array.from({ length: 4 }, (_, k) => pick(sentences, k).replace('{n}', String((((i + 1) * (k + 3)) % 900) + 30))).join('\n\n');
  return `---\nid: bench-${String(i).padStart(5, '0')}\ndate: "${day}"\ntitle: "${title}"\nsummary: "${pick(places, 1)}舉辦${pick(activities)}，紀錄第 ${i + 1} 次社會參與。"\ncover: /assets/images/events/${pick(covers)}\ncoverAlt: "活動插畫"\ncategory: ${pick(categories)}\nplace: "${pick(places, 2)}"\n---\n\n${body}\n`;
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const argument = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const to = argument('--to');
  if (!to) {
    console.error('usage: node bin/run.js bench/fixtures.ts --events <count> --to <folder>');
    process.exit(2);
  }
  const count = Number(argument('--events') ?? '1000');
  console.log(`wrote ${writeCorpus(resolve(to), count)} with ${count} generated events`);
}
