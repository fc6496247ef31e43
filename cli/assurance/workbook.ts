import ExcelJS from 'exceljs';
import { changeInWords, figureRows, scopeSummary } from './figureWords.ts';
import type { PackFigure } from './scope.ts';

/**
 * figures.xlsx: the figures (the rows of figures.csv), their evidence with checksums, their
 * history one change a row, and the scope in numbers. Made reproducible: the workbook's created
 * and modified dates and every zip entry's date are `date` (the commit's).
 */
export async function figuresWorkbook(figures: PackFigure[], year: number, date: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'esg assurance-pack';
  workbook.lastModifiedBy = 'esg assurance-pack';
  workbook.created = date;
  workbook.modified = date;
  workbook.title = `${year} assurance scope`;

  const rows = figureRows(figures);
  sheet(workbook, '數據 Figures', rows[0]!, rows.slice(1), [18, 10, 6, 28, 28]);
  sheet(
    workbook,
    '佐證 Evidence',
    ['id', 'year', '檔案 file', '位元組 bytes', 'SHA-256'],
    figures.flatMap((figure) => figure.evidence.map((file) => [figure.id, figure.year, `evidence/${file.path}`, file.bytes, file.sha256])),
    [28, 6, 44, 10, 66],
  );
  sheet(
    workbook,
    '歷程 History',
    [
      'id',
      'year',
      'commit',
      '作者 author',
      'e-mail',
      '日期 date',
      '原數值 from',
      '新數值 to',
      '重編 restated',
      '核准 approved by',
      '說明 message',
      '歷程 history_zh_TW',
      'history_en',
    ],
    figures.flatMap((figure) =>
      figure.history.map((change) => {
        const words = changeInWords(figure, change);
        return [
          figure.id,
          figure.year,
          change.commit ?? '',
          change.author ?? '',
          change.email ?? '',
          change.date ?? '',
          change.from ?? '',
          change.to ?? '',
          change.restated ? `${change.restated.zh_TW} / ${change.restated.en}` : '',
          change.approvedBy ?? '',
          change.message ?? '',
          words.zh_TW,
          words.en,
        ];
      }),
    ),
    [28, 6, 12, 16, 24, 24, 14, 14, 30, 40],
  );
  const summary = scopeSummary(figures);
  sheet(
    workbook,
    '範圍 Scope',
    ['項目 what', '名稱 name', '數據筆數 figures'],
    [
      ['總計 all', `${year}`, figures.length],
      ...summary.byTopic.map(([topic, count]) => ['主題 topic', topic, count]),
      ...summary.byStandard.map(([standard, count]) => ['確信標準 standard', `${standard.zh_TW} / ${standard.en}`, count]),
      ...summary.incomplete.map((figure) => ['缺漏 missing', `${figure.id}: ${figure.missing.join(', ')}`, 1]),
    ],
    [18, 60, 14],
  );
  return datedZip(Buffer.from(await workbook.xlsx.writeBuffer()), date);
}

function sheet(workbook: ExcelJS.Workbook, name: string, header: string[], rows: (string | number)[][], widths: number[]): void {
  const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.addRow(header).font = { bold: true };
  for (const row of rows) worksheet.addRow(row).alignment = { vertical: 'top', wrapText: true };
  header.forEach((_, column) => (worksheet.getColumn(column + 1).width = widths[column] ?? 24));
}

/**
 * Sets the date of every entry of a zip archive, in its local headers and its central directory
 * (PKWARE APPNOTE 4.3.7, 4.3.12), to `date` in MS-DOS form, as UTC: exceljs dates each entry with
 * the time it was written and has no option for it. JSZip, under exceljs, writes no other time.
 */
export function datedZip(zip: Buffer, date: Date): Buffer {
  const at = new Date(Math.max(date.getTime(), Date.UTC(1980, 0, 1)));
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1);
  const day = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('the workbook is not a zip archive');
  let entry = zip.readUInt32LE(end + 16);
  for (let count = zip.readUInt16LE(end + 10); count > 0; count--) {
    if (zip.readUInt32LE(entry) !== 0x02014b50) throw new Error('the workbook’s zip directory is not where its end record says');
    zip.writeUInt16LE(time, entry + 12);
    zip.writeUInt16LE(day, entry + 14);
    const local = zip.readUInt32LE(entry + 42);
    zip.writeUInt16LE(time, local + 10);
    zip.writeUInt16LE(day, local + 12);
    entry += 46 + zip.readUInt16LE(entry + 28) + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
  }
  return zip;
}
