import { formatFigure } from '../../templates/format.ts';
import type { FigureChange } from './history.ts';
import type { PackFigure, Texts } from './scope.ts';

/**
 * How the pack writes a figure's trace, in zh_TW and en: the same words in index.html,
 * figures.csv and figures.xlsx.
 */

/**
 * One change of a figure's value in words: when, who, from what to what, the restatement, who
 * approved it (team mode) and the commit's message (left out of the English words with `message: false`, where both are shown).
 */
export function changeInWords(figure: PackFigure, change: FigureChange, { message = true } = {}): Texts {
  const value = (number: number | undefined, none: string) => (number === undefined ? none : formatFigure(number, 'en', figure.decimals));
  const subject = change.message?.split('\n')[0] ?? '';
  const who = change.commit ? `${change.date!.slice(0, 10)} ${change.author} <${change.email}>` : undefined;
  return {
    zh_TW: [
      `${who ?? '尚未提交'}：${value(change.from, '（新增）')} → ${value(change.to, '（刪除）')}`,
      change.restated && `重編：${change.restated.zh_TW}`,
      change.approvedBy && `核准：${change.approvedBy}`,
      change.commit && `「${subject}」（${change.commit.slice(0, 10)}）`,
    ]
      .filter(Boolean)
      .join('；'),
    en: [
      `${who ?? 'not committed'}: ${value(change.from, '(entered)')} → ${value(change.to, '(removed)')}`,
      change.restated && `restated: ${change.restated.en}`,
      change.approvedBy && `approved by ${change.approvedBy}`,
      change.commit && message && `"${subject}" (${change.commit.slice(0, 10)})`,
    ]
      .filter(Boolean)
      .join('; '),
  };
}

/** A figure's factor sets in words: name (publisher, version). */
export function factorsInWords(figure: PackFigure): Texts {
  return {
    zh_TW: figure.factors.map((set) => `${set.name.zh_TW}（${set.publisher.zh_TW}，${set.version}）`).join('；'),
    en: figure.factors.map((set) => `${set.name.en} (${set.publisher.en}, ${set.version})`).join('; '),
  };
}

/** Where the figure is published on the site: each page with its locales. */
export const pagesInWords = (figure: PackFigure) => figure.pages.map((page) => `/${page.route} (${page.locales.join(', ')})`).join('; ');

/** Where it is printed: each report's page, or that the site has no report PDF. */
export const printedInWords = (figure: PackFigure): Texts =>
  figure.printed
    ? {
        zh_TW: figure.printed.map((at) => `${at.locale} 第 ${at.page} 頁（${at.route}）`).join('；') || '報告書未刊載',
        en: figure.printed.map((at) => `${at.locale} p. ${at.page} (${at.route})`).join('; ') || 'not in the report PDF',
      }
    : { zh_TW: '未列印（無報告書 PDF）', en: 'not printed (no report PDF)' };

/** The rows of figures.csv and the Figures sheet: a header in both languages, then one row per figure. */
export function figureRows(figures: PackFigure[]): string[][] {
  const header = [
    'id',
    'topic',
    'year',
    '指標 label_zh_TW',
    'label_en',
    '數值 value',
    '報告書數值 value_zh_TW',
    'value_en',
    '單位 unit_zh_TW',
    'unit_en',
    '涵蓋範圍 boundary_zh_TW',
    'boundary_en',
    '確信機構 assured_by',
    '確信標準 standard',
    'GRI',
    'SASB',
    '負責單位 owner',
    'owner_email',
    '資料來源 source_zh_TW',
    'source_en',
    '計算方法 method_zh_TW',
    'method_en',
    '係數 factors_zh_TW',
    'factors_en',
    '佐證資料 evidence (SHA-256)',
    '歷程 history_zh_TW',
    'history_en',
    '重編 restated_published',
    'restated_reason_zh_TW',
    'restated_reason_en',
    '網站頁面 site_pages',
    '報告書頁次 pdf_pages',
    '缺漏 missing',
  ];
  return [
    header,
    ...figures.map((figure) => {
      const history = figure.history.map((change) => changeInWords(figure, change));
      const factors = factorsInWords(figure);
      const printed = printedInWords(figure);
      return [
        figure.id,
        figure.topic,
        String(figure.year),
        figure.label.zh_TW,
        figure.label.en,
        String(figure.value),
        figure.written.zh_TW,
        figure.written.en,
        figure.unit.zh_TW,
        figure.unit.en,
        figure.boundary.zh_TW,
        figure.boundary.en,
        `${figure.assurance.by.zh_TW} / ${figure.assurance.by.en}`,
        `${figure.assurance.standard.zh_TW} / ${figure.assurance.standard.en}`,
        figure.gri.join('; '),
        figure.sasb.join('; '),
        figure.owner ? `${figure.owner.name.zh_TW} / ${figure.owner.name.en}` : '',
        figure.owner?.email ?? '',
        figure.source?.zh_TW ?? '',
        figure.source?.en ?? '',
        figure.method?.zh_TW ?? '',
        figure.method?.en ?? '',
        factors.zh_TW,
        factors.en,
        figure.evidence.map((file) => `evidence/${file.path} ${file.sha256}`).join('\n'),
        history.map((words) => words.zh_TW).join('\n'),
        history.map((words) => words.en).join('\n'),
        figure.restated ? `${figure.restated.published.zh_TW} / ${figure.restated.published.en}` : '',
        figure.restated?.reason.zh_TW ?? '',
        figure.restated?.reason.en ?? '',
        pagesInWords(figure),
        `${printed.zh_TW} / ${printed.en}`,
        figure.missing.join(', '),
      ];
    }),
  ];
}

/** The scope in numbers: figures by topic and by assurance standard, and those missing something. */
export function scopeSummary(figures: PackFigure[]): { byTopic: [string, number][]; byStandard: [Texts, number][]; incomplete: PackFigure[] } {
  const count = <K>(key: (figure: PackFigure) => K, same: (a: K, b: K) => boolean) => {
    const counted: [K, number][] = [];
    for (const figure of figures) {
      const found = counted.find(([known]) => same(known, key(figure)));
      if (found) found[1]++;
      else counted.push([key(figure), 1]);
    }
    return counted;
  };
  return {
    byTopic: count(
      (figure) => figure.topic,
      (a, b) => a === b,
    ),
    byStandard: count(
      (figure) => figure.assurance.standard,
      (a, b) => a.en === b.en,
    ),
    incomplete: figures.filter((figure) => figure.missing.length),
  };
}
