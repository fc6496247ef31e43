/**
 * Generates small sample PDF reports for the fictional company "Huayue Industries".
 *
 * The PDFs are written by hand (PDF 1.4 syntax: catalog, page tree, page objects,
 * uncompressed content streams, the standard Helvetica Type1 font, an /Info
 * dictionary and an xref table with exact byte offsets), so the script needs no
 * dependencies. The output is deterministic: the same bytes on every run.
 *
 * Usage: npx tsx scripts/makeSampleReports.ts [outDir]
 * (default outDir: content/assets/reports in the repository)
 */
import { mkdirSync, realpathSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

type Lang = "zh_TW" | "en";
type Kind = "esg" | "csr";

interface ReportSpec {
  year: number;
  kind: Kind;
  lang: Lang;
}

interface Section {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

const COMPANY = "Huayue Industries";
const PRODUCER = "esg sample generator";

const REPORTS: ReportSpec[] = [
  { year: 2024, kind: "esg", lang: "zh_TW" },
  { year: 2024, kind: "esg", lang: "en" },
  { year: 2023, kind: "esg", lang: "zh_TW" },
  { year: 2023, kind: "esg", lang: "en" },
  { year: 2022, kind: "esg", lang: "zh_TW" },
  { year: 2022, kind: "esg", lang: "en" },
  { year: 2021, kind: "csr", lang: "zh_TW" },
  { year: 2020, kind: "csr", lang: "zh_TW" },
];

/** Body pages per year: each inner array is one page of sections. */
const YEAR_PAGES: Record<number, Section[][]> = {
  2024: [
    [
      {
        heading: "The year in review",
        paragraphs: [
          "2024 was a year of steady growth for Huayue Industries. Demand for power cable from grid and solar projects stayed strong, and our stainless steel coil business recovered in the second half.",
          "We finished the move of our enamelled wire line to the new Taoyuan plant, which runs on a rooftop solar array and a long-term green power contract.",
        ],
        bullets: [
          "Revenue grew by about 7 percent compared with 2023.",
          "Scope 1 and 2 emissions fell by 12 percent against the 2020 base year.",
          "Renewable electricity reached 31 percent of total use.",
          "Recycled copper made up 18 percent of copper input.",
        ],
      },
      {
        heading: "Governance",
        paragraphs: [
          "The board added a sustainability committee chaired by an independent director. The committee met four times and reviewed our climate targets, supplier audits and safety results.",
        ],
      },
    ],
    [
      {
        heading: "Environment",
        paragraphs: [
          "Our stainless steel melt shop installed a new heat recovery system on the annealing furnace. It now preheats rinse water and saves about 4,200 MWh of gas energy each year.",
          "Water reuse at the pickling line rose to 64 percent. Waste acid is regenerated on site instead of being sent away for treatment.",
        ],
      },
      {
        heading: "People and community",
        paragraphs: [
          "We recorded no fatal accidents. The lost time injury rate fell to 0.41 per million hours worked. Every employee received at least 20 hours of training.",
          "Volunteers from our plants spent more than 3,000 hours on river clean-ups, school science days and support for elderly neighbours.",
        ],
      },
      {
        heading: "Looking ahead",
        paragraphs: [
          "In 2025 we will publish a transition plan for net zero by 2050 (with a 2030 interim target) and extend carbon footprint labels to our main cable families.",
        ],
      },
    ],
  ],
  2023: [
    [
      {
        heading: "The year in review",
        paragraphs: [
          "In 2023 Huayue Industries faced weak export demand for stainless steel, while orders for medium voltage cable stayed healthy. We kept all production lines running and did not reduce staff.",
        ],
        bullets: [
          "Scope 1 and 2 emissions fell by 8 percent against the 2020 base year.",
          "Renewable electricity reached 24 percent of total use.",
          "Two more plants were certified to ISO 50001 for energy management.",
        ],
      },
      {
        heading: "Products",
        paragraphs: [
          "We launched a halogen-free, low-smoke building wire and a lighter aluminium alloy cable for solar farms. Both products come with an environmental product declaration.",
        ],
      },
    ],
    [
      {
        heading: "Supply chain",
        paragraphs: [
          "All new copper and nickel suppliers signed our supplier code of conduct. We audited 42 suppliers on labour, safety and environmental practice and agreed corrective plans with 6 of them.",
        ],
      },
      {
        heading: "People",
        paragraphs: [
          "The lost time injury rate was 0.52 per million hours worked. We opened a training centre for cable jointing and welding skills, which is also open to apprentices from local schools.",
        ],
      },
    ],
  ],
  2022: [
    [
      {
        heading: "The year in review",
        paragraphs: [
          "2022 was the first year in which Huayue Industries reported under an ESG framework. We set our first science-based emission targets, with 2020 as the base year.",
          "High energy prices pushed us to speed up efficiency work. New variable speed drives on the wire drawing machines cut their power use by about 15 percent.",
        ],
        bullets: [
          "Scope 1 and 2 emissions fell by 4 percent against the 2020 base year.",
          "Renewable electricity reached 16 percent of total use.",
          "The lost time injury rate was 0.63 per million hours worked.",
        ],
      },
      {
        heading: "Governance",
        paragraphs: [
          "The board approved a climate policy and asked management to report on climate risks every half year, following the TCFD recommendations.",
        ],
      },
    ],
  ],
  2021: [
    [
      {
        heading: "The year in review",
        paragraphs: [
          "In 2021 markets for wire and cable recovered quickly after the pandemic year. Huayue Industries hired 120 new employees and added a second shift at the stainless steel cold rolling mill.",
          "We started to measure the carbon footprint of our plants with outside help, so that we could set reduction targets in 2022.",
        ],
        bullets: [
          "Solar panels were installed on the roofs of two warehouses.",
          "Hazardous waste per tonne of product fell by 9 percent.",
          "We donated tablets and cable kits to 15 rural schools.",
        ],
      },
    ],
  ],
  2020: [
    [
      {
        heading: "About this report",
        paragraphs: [
          "This is the first Corporate Social Responsibility Report of Huayue Industries. It covers our wire and cable plants and our stainless steel mill for the calendar year 2020.",
        ],
      },
      {
        heading: "The year in review",
        paragraphs: [
          "The pandemic made 2020 a hard year. We protected our people with health checks, split shifts and extra transport, and we kept all plants open.",
          "We supplied cable for two new hospital buildings on short notice and gave masks and cleaning supplies to our neighbours.",
        ],
      },
    ],
    [
      {
        heading: "Environment and people",
        paragraphs: [
          "We replaced the lighting in all plants with LED lamps and began to collect copper scrap from customers for recycling.",
          "No employee lost their job because of the pandemic. We kept paying wages in full during the two weeks when one plant had to close.",
        ],
        bullets: [
          "Electricity use per tonne of product fell by 3 percent.",
          "Training hours per employee averaged 14 hours.",
        ],
      },
    ],
  ],
};

// ---------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------

/** Helvetica glyph widths (1/1000 em) for ASCII 32..126 with WinAnsiEncoding. */
const HELVETICA_WIDTHS: number[] = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // 32-47
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 48-63
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // 64-79
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 80-95
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // 96-111
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // 112-126
];

function assertAscii(text: string): void {
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 32 || code > 126) {
      throw new Error(`Non-printable-ASCII character U+${code.toString(16)} in PDF text: ${JSON.stringify(text)}`);
    }
  }
}

function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += HELVETICA_WIDTHS[ch.charCodeAt(0) - 32] ?? 556;
  return (units * size) / 1000;
}

/** Escapes a string for use as a PDF literal string: backslash and parentheses. */
function pdfString(text: string): string {
  assertAscii(text);
  return "(" + text.replace(/[\\()]/g, (c) => "\\" + c) + ")";
}

function wrap(text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Formats a number with 2 decimals at most, without trailing zeros (stable output). */
function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

// ---------------------------------------------------------------------------
// Page layout
// ---------------------------------------------------------------------------

const PAGE_W = 612; // US Letter
const PAGE_H = 792;
const MARGIN = 72;
const TEXT_W = PAGE_W - 2 * MARGIN;
const BOTTOM = 80;

class PageBuilder {
  private ops: string[] = [];
  private y = PAGE_H - MARGIN;

  text(str: string, size: number, x: number, y: number, bold = false): void {
    this.ops.push(`BT /${bold ? "F2" : "F1"} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfString(str)} Tj ET`);
  }

  centered(str: string, size: number, y: number, bold = false): void {
    const width = textWidth(str, size) * (bold ? 1.05 : 1); // bold glyphs are slightly wider
    this.text(str, size, (PAGE_W - width) / 2, y, bold);
  }

  rule(y: number, x1 = MARGIN, x2 = PAGE_W - MARGIN, width = 0.75): void {
    this.ops.push(`${num(width)} w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`);
  }

  rect(x: number, y: number, w: number, h: number, gray: number): void {
    this.ops.push(`q ${num(gray)} g ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f Q`);
  }

  get cursor(): number {
    return this.y;
  }

  moveTo(y: number): void {
    this.y = y;
  }

  space(amount: number): void {
    this.y -= amount;
  }

  private need(amount: number): void {
    if (this.y - amount < BOTTOM) throw new Error("Page content overflows the page; move a section to another page");
  }

  heading(str: string, size = 15): void {
    this.need(size + 10);
    this.y -= size;
    this.text(str, size, MARGIN, this.y, true);
    this.y -= 10;
  }

  paragraph(str: string, size = 11, indent = 0, firstPrefix?: string): void {
    const leading = size * 1.4;
    const lines = wrap(str, size, TEXT_W - indent);
    this.need(lines.length * leading);
    lines.forEach((line, i) => {
      this.y -= leading;
      if (i === 0 && firstPrefix) this.text(firstPrefix, size, MARGIN + indent - 12, this.y);
      this.text(line, size, MARGIN + indent, this.y);
    });
    this.y -= size * 0.6;
  }

  bullet(str: string, size = 11): void {
    this.paragraph(str, size, 18, "-");
  }

  footer(left: string, right: string): void {
    this.rule(58, MARGIN, PAGE_W - MARGIN, 0.5);
    this.text(left, 8, MARGIN, 44);
    this.text(right, 8, PAGE_W - MARGIN - textWidth(right, 8), 44);
  }

  content(): string {
    return this.ops.join("\n") + "\n";
  }
}

// ---------------------------------------------------------------------------
// Report content
// ---------------------------------------------------------------------------

function reportTitle(spec: ReportSpec): string {
  const kind = spec.kind === "esg" ? "Sustainability Report" : "Corporate Social Responsibility Report";
  return `${COMPANY} ${spec.year} ${kind}`;
}

function editionName(lang: Lang): string {
  return lang === "zh_TW" ? "Traditional Chinese edition (zh_TW)" : "English edition (en)";
}

function fileName(spec: ReportSpec): string {
  return `huayue-${spec.kind}-${spec.year}-${spec.lang}.pdf`;
}

function buildPages(spec: ReportSpec): string[] {
  const body = YEAR_PAGES[spec.year];
  if (!body) throw new Error(`No content for year ${spec.year}`);
  const title = reportTitle(spec);
  const totalPages = 2 + body.length;
  const pages: PageBuilder[] = [];
  const footer = (p: PageBuilder, n: number) =>
    p.footer(`${title} - sample`, `Page ${n} of ${totalPages}`);

  // Cover page
  const cover = new PageBuilder();
  cover.rect(0, PAGE_H - 230, PAGE_W, 230, 0.88);
  cover.text(COMPANY.toUpperCase(), 12, MARGIN, PAGE_H - 90, true);
  cover.text("Wire & Cable | Stainless Steel", 10, MARGIN, PAGE_H - 106);
  const titleLines =
    spec.kind === "esg"
      ? [`${COMPANY} ${spec.year}`, "Sustainability Report"]
      : [`${COMPANY} ${spec.year}`, "Corporate Social", "Responsibility Report"];
  let ty = PAGE_H - 330;
  for (const line of titleLines) {
    cover.centered(line, 26, ty, true);
    ty -= 34;
  }
  cover.rule(ty - 4, 186, 426, 1.5);
  cover.centered("Sample edition for the report website", 14, ty - 34);
  cover.centered(editionName(spec.lang), 12, ty - 56);
  cover.moveTo(200);
  if (spec.lang === "zh_TW") {
    cover.paragraph(
      "This file is the sample of the Traditional Chinese edition of the report. The full edition is written in Traditional Chinese; this sample uses English text because the standard PDF font used here cannot show Chinese characters.",
      9,
    );
  }
  cover.paragraph(
    `${COMPANY} is a fictional company. All names, figures and statements in this document are illustrative sample content.`,
    9,
  );
  footer(cover, 1);
  pages.push(cover);

  // Contents page
  const contents = new PageBuilder();
  contents.heading("Contents", 22);
  contents.space(12);
  const entries: Array<[string, number]> = [["Cover", 1], ["Contents", 2]];
  body.forEach((sections, i) => {
    for (const s of sections) entries.push([s.heading, 3 + i]);
  });
  for (const [label, page] of entries) {
    contents.space(22);
    const pageStr = String(page);
    const y = contents.cursor;
    contents.text(label, 12, MARGIN, y);
    contents.text(pageStr, 12, PAGE_W - MARGIN - textWidth(pageStr, 12), y);
    contents.rule(y - 5, MARGIN, PAGE_W - MARGIN, 0.25);
  }
  contents.space(30);
  contents.paragraph(
    `This sample of the ${editionName(spec.lang)} contains ${totalPages} pages. The complete report covers strategy, governance, environment, social topics and a GRI content index.`,
    10,
  );
  footer(contents, 2);
  pages.push(contents);

  // Body pages
  body.forEach((sections, i) => {
    const page = new PageBuilder();
    for (const section of sections) {
      page.heading(section.heading);
      for (const para of section.paragraphs) page.paragraph(para);
      for (const b of section.bullets ?? []) page.bullet(b);
      page.space(14);
    }
    footer(page, 3 + i);
    pages.push(page);
  });

  return pages.map((p) => p.content());
}

// ---------------------------------------------------------------------------
// PDF serialisation
// ---------------------------------------------------------------------------

function buildPdf(spec: ReportSpec): Buffer {
  const pageContents = buildPages(spec);
  const edition = spec.lang === "zh_TW" ? "Traditional Chinese edition sample" : "English edition sample";

  // Object numbers: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 info,
  // then for each page a page object followed by its content stream.
  const firstPageObj = 6;
  const pageObjNums = pageContents.map((_, i) => firstPageObj + i * 2);

  const objects: string[] = [];
  objects.push("<< /Type /Catalog /Pages 2 0 R /Lang (en) >>");
  objects.push(`<< /Type /Pages /Kids [${pageObjNums.map((n) => `${n} 0 R`).join(" ")}] /Count ${pageObjNums.length} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  objects.push(
    "<< " +
      [
        `/Title ${pdfString(`${reportTitle(spec)} (${edition})`)}`,
        `/Author ${pdfString(COMPANY)}`,
        `/Subject ${pdfString("Sample edition for the report website")}`,
        `/Producer ${pdfString(PRODUCER)}`,
        // Fixed per year: reports are published in June of the following year.
        `/CreationDate ${pdfString(`D:${spec.year + 1}0630090000Z`)}`,
      ].join(" ") +
      " >>",
  );
  for (const [i, content] of pageContents.entries()) {
    const contentObj = firstPageObj + i * 2 + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentObj} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`);
  }

  // Header with a binary comment so tools treat the file as binary.
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const buf = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1");
    chunks.push(buf);
    offset += buf.length;
  });

  const xrefOffset = offset;
  const pad = (n: number) => String(n).padStart(10, "0");
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${pad(o)} 00000 n \n`; // each entry is exactly 20 bytes
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

/** Writes all sample reports into outDir (created if needed); returns the written file paths. */
export function makeSampleReports(outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const spec of REPORTS) {
    const file = path.join(outDir, fileName(spec));
    writeFileSync(file, buildPdf(spec));
    written.push(file);
  }
  return written;
}

function isMain(): boolean {
  const argv1 = process.argv[1];
  if (!argv1) return false;
  try {
    return realpathSync(argv1) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, "content", "assets", "reports"));
  for (const file of makeSampleReports(outDir)) {
    const size = statSync(file).size;
    console.log(`wrote ${path.relative(process.cwd(), file)} (${size} bytes)`);
  }
}
