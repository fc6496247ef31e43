/**
 * Every problem an editor or operator can meet, each with a stable code. Code ranges:
 * ESG1xxx content files and YAML, ESG2xxx schemas, ESG3xxx locales, ESG4xxx pages and references,
 * ESG5xxx the quiz and the survey, ESG6xxx the built site's links, ESG7xxx metrics and figures,
 * ESG8xxx the command line, ESG9xxx the report PDF as it is read back.
 *
 * A code never changes meaning once shipped; a new problem gets a new code. docs/errors.md is
 * generated from this list (`npm run errors:docs`; a test fails when it is out of date), so each
 * code leads to its explanation and fix. Tests assert codes, not wording.
 */
export interface ErrorEntry<A extends unknown[] = never[]> {
  code: `ESG${number}`;
  /** A short name of the problem, for the docs. */
  title: string;
  /** The sentence printed after the field: `must be one of: a, b`. */
  message: (...args: A) => string;
  /** How to fix it, printed under the code frame. */
  hint?: (...args: A) => string | undefined;
  /** Arguments of a typical case, for the docs' example. */
  example: A;
  /** A warning is printed and the build goes on; anything else fails it. */
  warning?: true;
}

/** An entry of the catalogue, with its example already worded, for the docs. */
export type CatalogueEntry<A extends unknown[]> = ErrorEntry<A> & { shown: { message: string; hint?: string } };

/** An entry whose argument types are taken from its `message`. */
function entry<A extends unknown[]>(definition: ErrorEntry<A>): CatalogueEntry<A> {
  return { ...definition, shown: { message: definition.message(...definition.example), hint: definition.hint?.(...definition.example) } };
}

/** Why a restatement's reason explains nothing: no edition to compare with, no figure published or now, or the same figure. */
export type RestatementGap = 'no-edition' | 'not-published' | 'no-figure' | 'unchanged';

/** Items of a message or hint, the first dozen: a list of 448 metric ids would drown the problem it explains. */
const list = (items: readonly unknown[], most = 12) =>
  items.length > most ? `${items.slice(0, most).join(', ')} and ${items.length - most} more` : items.join(', ');

/** `did you mean a or b? ` before a hint, when something close to a mistyped id is known. */
const meant = (close: readonly string[]) => (close.length ? `did you mean ${close.join(' or ')}? ` : '');

/** How to convert a file to UTF-8, by the encoding it is in (iconv's name for it). */
const iconvNames: Record<string, string> = { Big5: 'CP950', GB18030: 'GB18030', 'UTF-16LE': 'UTF-16', 'UTF-16BE': 'UTF-16' };

export const errors = {
  // ESG1xxx: content files and YAML
  notContentFolder: entry({
    code: 'ESG1001',
    title: 'Not a content folder',
    message: (folder: string) => `there is no site.yaml in ${folder}`,
    hint: () => 'point --content at the folder that holds site.yaml and the locale folders',
    example: ['docs'],
  }),
  strayEntry: entry({
    code: 'ESG1002',
    title: 'Not a content file or locale folder',
    message: (_folders: string[]) => 'is not a content file or locale folder',
    hint: (folders: string[]) => `content/ holds site.yaml, metrics.yaml, synonyms.yaml, assets/, editions/ and the folders ${list(folders)}`,
    example: [['zh_TW', 'zh_CN', 'en']],
  }),
  unknownFile: entry({
    code: 'ESG1003',
    title: 'Unknown content file',
    message: () => 'is not a known content file',
    hint: () => 'see "How content is laid out" in docs/content.md; check the file name and folder',
    example: [],
  }),
  yamlSyntax: entry({
    code: 'ESG1004',
    title: 'YAML syntax error',
    message: (detail: string) => `YAML syntax: ${detail}`,
    hint: () => 'check the indentation, the dash of each list item and the quotes around texts with a colon',
    example: ['Nested mappings are not allowed in compact mappings'],
  }),
  notUtf8: entry({
    code: 'ESG1005',
    title: 'Content file not in UTF-8',
    message: (byte: string | undefined, encoding: string | undefined, _file: string) =>
      `is not UTF-8${byte ? `: the byte ${byte} starts no UTF-8 character` : ''}${encoding ? `; it looks like ${encoding}` : ''}`,
    hint: (_byte: string | undefined, encoding: string | undefined, file: string) =>
      encoding
        ? `save it as UTF-8: iconv -f ${iconvNames[encoding] ?? encoding} -t UTF-8 ${file} > utf8.tmp && mv utf8.tmp ${file}; or in VS Code, "Reopen with Encoding" ${encoding}, then "Save with Encoding" UTF-8 (Notepad: Save As, Encoding UTF-8)`
        : 'save it as UTF-8 (VS Code: "Save with Encoding" UTF-8; Notepad: Save As, Encoding UTF-8)',
    example: ['0xA6', 'Big5', 'content/zh_TW/events/2025-beach-cleanup.md'],
  }),
  linkLeavesContent: entry({
    code: 'ESG1006',
    title: 'Symbolic link that leads outside content/',
    message: (target: string) => `is a symbolic link to ${target}, outside the content folder: it is not read`,
    hint: () => 'a build publishes only what is inside content/: copy the file in instead of linking to it (a link inside content/ is fine)',
    example: ['/home/writer/photos/cover.svg'],
  }),
  frontMatterOpening: entry({
    code: 'ESG1007',
    title: 'Text after the opening --- of a front matter',
    message: (rest: string) => `the front matter's opening --- has "${rest}" after it on its line`,
    hint: () => 'put --- alone on the first line, and the front matter (a comment too) on the lines after it',
    example: ['# reviewed'],
  }),

  // ESG2xxx: a field against its schema
  requiredField: entry({
    code: 'ESG2001',
    title: 'Required field missing',
    message: (_description?: string) => 'is required',
    hint: (description?: string) => description,
    example: [],
  }),
  unknownField: entry({
    code: 'ESG2002',
    title: 'Unknown field',
    message: (_allowed: string[]) => 'is not a known field',
    hint: (allowed: string[]) => `allowed fields here: ${list(allowed)}`,
    example: [['title', 'description', 'sections']],
  }),
  notAllowedValue: entry({
    code: 'ESG2003',
    title: 'Value not among the allowed ones',
    message: (allowed: unknown[], _description?: string) => `must be one of: ${list(allowed)}`,
    hint: (_allowed: unknown[], description?: string) => description,
    example: [['society', 'environment', 'governance']],
  }),
  constantValue: entry({
    code: 'ESG2004',
    title: 'Value must be exactly this',
    message: (value: unknown, _description?: string) => `must be ${JSON.stringify(value)}`,
    hint: (_value: unknown, description?: string) => description,
    example: [true],
  }),
  badFormat: entry({
    code: 'ESG2005',
    title: 'Value in the wrong format',
    message: (what: string, value: unknown, _description?: string) => `is not a valid ${what}: ${JSON.stringify(value)}`,
    hint: (_what: string, _value: unknown, description?: string) => description,
    example: ['date', '2024-02-30'],
  }),
  unknownBlockType: entry({
    code: 'ESG2006',
    title: 'Unknown block type',
    message: (type: unknown, _types: string[]) => `unknown block type ${JSON.stringify(type)}`,
    hint: (_type: unknown, types: string[]) => `block types: ${list(types)}`,
    example: ['gallery', ['paragraphs', 'figures', 'table']],
  }),
  schemaMismatch: entry({
    code: 'ESG2007',
    title: 'Value does not fit its schema',
    message: (detail: string, _description?: string) => detail,
    hint: (_detail: string, description?: string) => description,
    example: ['must be array'],
  }),

  // ESG3xxx: locales
  orphanOverride: entry({
    code: 'ESG3001',
    title: 'zh_CN file without a zh_TW original',
    message: (path: string) => `has no zh_TW original (content/zh_TW/${path})`,
    hint: () => 'zh_CN files only override zh_TW ones; write the zh_TW file first',
    example: ['pages/about.yaml'],
  }),
  missingShellFile: entry({
    code: 'ESG3002',
    title: 'Header, menu or footer file missing',
    message: (_files: string[]) => 'is missing',
    hint: (files: string[]) => `every locale needs ${list(files)} for the header, menu and footer`,
    example: [['messages.yaml', 'menu.yaml', 'sitemap.yaml']],
  }),
  missingMessages: entry({
    code: 'ESG3003',
    title: 'UI messages missing in a locale',
    message: (count: number, keys: string[]) => `lacks ${count} UI ${count === 1 ? 'message' : 'messages'} (${list(keys)}); the zh_TW text is shown`,
    hint: () => 'translate them in this messages.yaml; `esg i18n` lists them too',
    example: [1, ['footer.download']],
    warning: true,
  }),

  // ESG4xxx: pages and what content points at
  missingPageFile: entry({
    code: 'ESG4001',
    title: 'Content file of a page missing',
    message: (page: string) => `is missing (the page ${page} is made from it)`,
    hint: () => 'every page exists in zh_TW first',
    example: ['about'],
  }),
  samePage: entry({
    code: 'ESG4002',
    title: 'Two files make the same page',
    message: (page: string) => `would make the page /${page}, which is already a page of this site`,
    hint: () => 'rename the file',
    example: ['event/oops'],
  }),
  missingEnglish: entry({
    code: 'ESG4003',
    title: 'English edition listed but not written',
    message: (page: string, file: string) => `lists "${page}" but its English content (content/en/${file}) is missing`,
    hint: () => 'write the English file, or take the route out of englishRoutes',
    example: ['about', 'pages/about.yaml'],
  }),
  missingAsset: entry({
    code: 'ESG4004',
    title: 'File under content/assets missing',
    message: (path: string, _close: string[]) => `${path} does not exist`,
    hint: (_path: string, close: string[]) => `${meant(close)}put the file under content/assets/ or correct the path`,
    example: ['/assets/reports/huayue-esg-2024-zh_TW.pfd', ['/assets/reports/huayue-esg-2024-zh_TW.pdf']],
  }),
  brokenPageLink: entry({
    code: 'ESG4005',
    title: 'Link to a page that does not exist',
    message: (url: string, _close: string[]) => `links to ${url}, which is not a page of this site`,
    hint: (_url: string, close: string[]) => `${meant(close)}write the address without the locale, e.g. /report/gri or /focus/climate/energy`,
    example: ['/report/gir', ['/report/gri']],
  }),
  missingSection: entry({
    code: 'ESG4006',
    title: 'Link to a section that does not exist',
    message: (section: string, page: string, file: string, _close: string[], _sections: string[]) =>
      `links to section ${section}, which ${page} (${file}) does not have`,
    hint: (_section: string, _page: string, _file: string, close: string[], sections: string[]) => `${meant(close)}sections there: ${list(sections) || 'none'}`,
    example: ['focus231', '/zh_CN/focus/climate/energy', 'content/zh_CN/focus/climate/energy.yaml', ['focus321'], ['focus321', 'focus322']],
  }),
  unknownPinnedEvent: entry({
    code: 'ESG4007',
    title: 'Pinned event does not exist',
    message: (id: string, locale: string, _close: string[]) => `names event "${id}", which does not exist in content/${locale}/events/`,
    hint: (_id: string, _locale: string, close: string[]) => `${meant(close)}pin the id of an event file (its file name without .md)`,
    example: ['2024-beach-claenup', 'zh_TW', ['2024-beach-cleanup']],
  }),
  duplicateEventId: entry({
    code: 'ESG4008',
    title: 'Two events with one id',
    message: (id: string, first: string) => `duplicate event id "${id}": ${first} already uses it`,
    hint: () => 'give each event its own id, the same as its file name',
    example: ['2024-blood-drive', 'content/zh_TW/events/2024-blood-drive.md'],
  }),
  eventIdNotFileName: entry({
    code: 'ESG4009',
    title: 'Event id differs from its file name',
    message: (id: string, file: string) => `is "${id}" but the file is named ${file}`,
    hint: (id: string, file: string) => `the page is /event/<file name>: rename the file to ${id}.md or set the id to ${file.replace(/\.md$/, '')}`,
    example: ['2024-tree-planting', '2024-trees.md'],
  }),
  untranslatedEvent: entry({
    code: 'ESG4010',
    title: 'English event without a zh_TW original',
    message: (id: string, _close: string[]) => `names no Traditional Chinese event: events/${id}.md does not exist in the zh_TW folder`,
    hint: (_id: string, close: string[]) => `${meant(close)}write the zh_TW event first; an English event is its translation (of the same id and file name)`,
    example: ['2024-open-dya', ['2024-open-day']],
  }),
  missingReportFile: entry({
    code: 'ESG4011',
    title: 'Report download missing',
    message: (file: string, _close: string[]) => `${file} does not exist under content/assets`,
    hint: (_file: string, close: string[]) => `${meant(close)}put the PDF under content/assets/reports/ or correct the path in site.yaml`,
    example: ['/assets/reports/huayue-esg-2025-zh_TW.pdf', ['/assets/reports/huayue-esg-2024-zh_TW.pdf']],
  }),
  unreadableImage: entry({
    code: 'ESG4012',
    title: 'Image that cannot be read',
    message: (path: string, detail: string) => `${path} cannot be read as an image (${detail})`,
    hint: () => 'the file is cut short or is not the picture its name says: export it again as JPEG, PNG, WebP, AVIF or TIFF, or correct the path',
    example: ['/assets/images/events/2025-beach-cleanup.jpg', 'VipsJpeg: premature end of JPEG image'],
  }),
  unknownEnglishRoute: entry({
    code: 'ESG4013',
    title: 'English route that is not a route of the site',
    message: (route: string, _close: string[]) => `names "${route}", which is not a route of this site`,
    hint: (_route: string, close: string[]) =>
      `${meant(close.map((name) => `"${name}"`))}write route names without the locale or a leading slash: report-download, event/{id}, "" for the home page`,
    example: ['abuot', ['about']],
  }),
  reportsOutOfOrder: entry({
    code: 'ESG4014',
    title: 'Report editions not newest first',
    message: (year: number, before: number) => `the ${year} edition comes after the ${before} one`,
    hint: () => 'list the editions newest first: the first is the one the footer links to',
    example: [2024, 2023],
  }),
  termInTwoGroups: entry({
    code: 'ESG4015',
    title: 'Search term in two synonym groups',
    message: (term: string, group: string, line: number) => `"${term}" is already a term of the group of ${group} (line ${line})`,
    hint: () => 'a term belongs to one group only (Latin letters compared without case): keep it in the group whose meaning it has',
    example: ['綠電', '再生能源', 31],
  }),
  variantTwice: entry({
    code: 'ESG4016',
    title: 'Word pair listed twice',
    message: (pair: string, line: number) => `the pair ${pair} is already listed (line ${line})`,
    hint: () => 'list each Taiwan/mainland pair once, either way round',
    example: ['品質 / 質量', 212],
  }),
  variantKnown: entry({
    code: 'ESG4017',
    title: 'Word pair the conversion already knows',
    message: (pair: string) => `the pair ${pair} is already in the Taiwan-phrase table of the zh_CN conversion`,
    hint: () => 'remove it: list only pairs the Traditional→Simplified conversion does not map',
    example: ['資料 / 數據'],
  }),
  unknownChapter: entry({
    code: 'ESG4018',
    title: 'Book chapter that is not a page of the site',
    message: (route: string, _close: string[]) => `names the chapter "${route}", which is not a page of this site`,
    hint: (_route: string, close: string[]) =>
      `${meant(close.map((name) => `"${name}"`))}a chapter is a page's route name, without locale or leading slash: about, focus/climate/energy, report/gri`,
    example: ['focus/climate/enrgy', ['focus/climate/energy']],
  }),
  chapterTwice: entry({
    code: 'ESG4019',
    title: 'Book chapter named twice',
    message: (route: string, line: number) => `names the chapter "${route}" a second time (first at line ${line})`,
    hint: () => 'each page is one chapter of the book: keep it in the part where it belongs',
    example: ['about', 15],
  }),
  evidenceLink: entry({
    code: 'ESG4020',
    title: 'Link to an evidence file',
    message: (url: string) => `links to ${url}: the evidence under content/evidence is never published`,
    hint: () => 'evidence is for the assurer (esg assurance-pack), not for readers: remove the link, or publish a summary under content/assets instead',
    example: ['/evidence/2024/ghg-inventory.csv'],
  }),
  plannedPageLinks: entry({
    code: 'ESG4101',
    title: 'Links to pages not built yet',
    message: (count: number, pages: string[]) =>
      `${count} links point at pages not built yet (${list(pages)}); they show as plain text until those pages exist`,
    hint: () =>
      'write those pages under content/ (each locale its own), or point the links at pages that exist; nothing else is needed: the links appear once the pages do',
    example: [2, ['report/tcfd']],
    warning: true,
  }),
  numbersLeftOut: entry({
    code: 'ESG4103',
    title: 'Page numbers of the report left out',
    message: (locales: string[]) => `the page numbers of the report PDF are left out of the ${list(locales)} indexes: no PDF made from this content is known`,
    hint: () =>
      'to number them, make the PDFs: `npx esg build --pdf` (as `npm start` does); a later build without --pdf keeps the numbers of the last PDF made from the same content',
    example: [['zh_TW', 'zh_CN', 'en']],
    warning: true,
  }),
  otherEngine: entry({
    code: 'ESG4104',
    title: 'The book printed by another Chromium',
    message: (path: string) =>
      `the report PDF is printed by ${path}, not by the Chromium npm installs (@sparticuz/chromium): its page numbers may differ from CI's`,
    hint: () =>
      "the bundled engine runs on Linux x64 with the system's libnss3 (Debian: apt-get install libnss3); unset CHROMIUM_PATH to use it, or publish the PDF that CI builds",
    example: ['/usr/bin/chromium'],
    warning: true,
  }),
  uncheckedSections: entry({
    code: 'ESG4102',
    title: 'Section links that cannot be checked',
    message: (links: string[]) => `${links.length} section links point at pages whose section ids the link check does not know: ${list(links)}`,
    hint: () => 'esg check verifies them in the built site',
    example: [['/event#list']],
    warning: true,
  }),

  // ESG5xxx: the quiz and the survey
  answerNotAnOption: entry({
    code: 'ESG5001',
    title: 'Quiz answer not among its options',
    message: (answer: string, _options: string[]) => `${JSON.stringify(answer)} is not one of the options`,
    hint: (_answer: string, options: string[]) => `options: ${list(options)}`,
    example: ['C', ['A', 'B']],
  }),
  wrongOptionCount: entry({
    code: 'ESG5002',
    title: 'Quiz question with the wrong options for its type',
    message: (type: string) =>
      type === 'a' ? 'a type a question offers exactly "true" and "false"' : `a type ${type} question offers ${type === 'b' ? 'two' : 'three'} options`,
    hint: () => 'type a: true/false; type b: two options; type c: three options',
    example: ['b'],
  }),
  tooFewOfType: entry({
    code: 'ESG5003',
    title: 'Too few quiz questions of a type',
    message: (count: number, type: string, least: number) => `has ${count} questions of type ${type}; the quiz has at least ${least}`,
    hint: () => 'at least 4 of type a, 4 of b, 7 of c and 2 of d, 19 in all',
    example: [3, 'a', 4],
  }),
  bandsDoNotFit: entry({
    code: 'ESG5004',
    title: 'Quiz bands do not fit the questions',
    message: (a: number, b: number, questions: number) => `thresholds a ${a} and b ${b} do not fit ${questions} questions`,
    hint: () => 'band a from a correct answers, b from b; 0 < b < a <= number of questions',
    example: [20, 10, 19],
  }),
  duplicateQuizTag: entry({
    code: 'ESG5005',
    title: 'Quiz tag named twice',
    message: () => 'names a tag twice',
    hint: () => 'one label for each of the four tags',
    example: [],
  }),
  wrongSurveyGroup: entry({
    code: 'ESG5006',
    title: 'Survey group out of order',
    message: (id: string) => `must be ${id}`,
    hint: () => 'groups in order: governance, economic, environmental, social',
    example: ['economic'],
  }),
  wrongTopicCount: entry({
    code: 'ESG5007',
    title: 'Survey group with the wrong number of topics',
    message: (count: number, group: string, size: number) => `has ${count} topics; the ${group} group has ${size}`,
    hint: () => 'governance 5, economic 6, environmental 6, social 6 topics',
    example: [5, 'social', 6],
  }),
  duplicateTopicId: entry({
    code: 'ESG5008',
    title: 'Survey topic id used twice',
    message: (id: string) => `duplicate topic id ${id}`,
    hint: () => 'topic ids key the stored answers: give each topic its own',
    example: ['ethics'],
  }),
  duplicateIdentity: entry({
    code: 'ESG5009',
    title: 'Survey identity named twice',
    message: () => 'names an identity id twice',
    hint: () => 'give each identity its own id',
    example: [],
  }),

  // ESG6xxx: the built site, as `esg check` crawls it
  brokenBuiltLink: entry({
    code: 'ESG6001',
    title: 'Broken link in the built site',
    message: (page: string, target: string, status: string, _fromTemplate: boolean) => `${page} links to ${target}, which is broken (${status})`,
    hint: (_page: string, _target: string, _status: string, fromTemplate: boolean) =>
      fromTemplate ? 'the link comes from a template or the menu, not from one content file' : undefined,
    example: ['/zh_TW/about', '/zh_TW/report/gri#gri-9', 'no element with id "gri-9"', false],
  }),

  // ESG7xxx: metrics and figures (content/metrics.yaml and the pages that name its metrics)
  unknownMetric: entry({
    code: 'ESG7001',
    title: 'Unknown metric',
    message: (id: string, _known: string[]) => `names the metric "${id}", which content/metrics.yaml does not have`,
    hint: (_id: string, close: string[]) => `${meant(close)}add the metric to content/metrics.yaml, or correct the id`,
    example: ['ghg-scpoe1', ['ghg-scope1']],
  }),
  unknownMetricYear: entry({
    code: 'ESG7002',
    title: 'Year without a figure',
    message: (id: string, year: number, _years: number[]) => `asks for ${year} of the metric "${id}", which has no value for that year`,
    hint: (_id: string, _year: number, years: number[]) => `it has values for ${list(years)}; add the year's value under its values in content/metrics.yaml`,
    example: ['water-withdrawal', 2025, [2022, 2023, 2024]],
  }),
  badMetricReference: entry({
    code: 'ESG7003',
    title: 'Malformed figure reference',
    message: (text: string) => `${text} is not a figure reference`,
    hint: () => 'write {{metric-id 2024}} for the figure, or {{metric-id 2024 unit}} for the figure with its unit',
    example: ['{{ghg-scope1}}'],
  }),
  duplicateMetric: entry({
    code: 'ESG7004',
    title: 'Two metrics with one id',
    message: (id: string) => `duplicate metric id "${id}"`,
    hint: () => 'give each metric its own id; pages name metrics by it',
    example: ['water-withdrawal'],
  }),
  unknownUnit: entry({
    code: 'ESG7005',
    title: 'Unknown unit',
    message: (unit: string, _units: string[]) => `the unit "${unit}" is not in the units of content/metrics.yaml`,
    hint: (_unit: string, units: string[]) => `units: percent, ${list(units)}; or add it under units with its zh_TW and en names`,
    example: ['kwh', ['tCO2e', 'kWh']],
  }),
  metricCheckFailed: entry({
    code: 'ESG7006',
    title: 'Figures that do not add up',
    message: (id: string, year: string, declared: string, computed: string, working: string) => `${id} ${year} is ${declared}, but ${working} = ${computed}`,
    hint: () =>
      'correct the figure or its parts in content/metrics.yaml; a difference within the rounding of the declared decimals is allowed (or set a tolerance)',
    example: ['ghg-scope12', '2024', '96,120', '96,020', 'ghg-scope1 41,200 + ghg-scope2 54,820'],
  }),
  targetBaseline: entry({
    code: 'ESG7007',
    title: 'Target baseline without a value',
    message: (id: string, tracks: string, year: number, _years: number[]) => `the target ${id} starts from ${year}, but ${tracks} has no value for ${year}`,
    hint: (_id: string, tracks: string, _year: number, years: number[]) =>
      `${tracks} has values for ${list(years)}; choose one of these years, or give the baseline its value (baseline: { year, value })`,
    example: ['water-reduction-target', 'water-withdrawal', 2014, [2022, 2023, 2024]],
  }),
  targetUnit: entry({
    code: 'ESG7008',
    title: 'Target in another unit than what it tracks',
    message: (id: string, unit: string, expected: string, _change: boolean) => `the target ${id} is in ${unit}, but its milestones are in ${expected}`,
    hint: (_id: string, _unit: string, expected: string, change: boolean) =>
      change
        ? 'a target with change: true gives per cent changes against the baseline: set its unit to percent'
        : `a target's milestones are levels of the metric it tracks: set its unit to ${expected}, or set change: true for per cent changes against the baseline`,
    example: ['water-reduction-target', 'm3-10k', 'percent', true],
  }),
  targetMilestone: entry({
    code: 'ESG7009',
    title: 'Target milestone not after its baseline',
    message: (id: string, year: number, baseline: number) => `the target ${id} has a milestone in ${year}, not after its baseline year ${baseline}`,
    hint: () => "a target's values are the milestones still to reach: each year after the baseline's",
    example: ['waste-reuse-target', 2020, 2021],
  }),
  targetTracksTarget: entry({
    code: 'ESG7010',
    title: 'Target tracking a target',
    message: (id: string, tracks: string) => `the target ${id} tracks ${tracks}, which is a target too`,
    hint: () => 'name the metric whose reported figures the target is measured by',
    example: ['solar-capacity-target', 'solar-capacity-target-2030'],
  }),
  publishedFigureChanged: entry({
    code: 'ESG7011',
    title: 'Published figure changed without a reason',
    message: (id: string, year: string, value: string, published: string, edition: string) =>
      `${id} ${year} is ${value}, but the ${edition} edition published ${published}`,
    hint: (id: string, year: string, _value: string, published: string, edition: string) =>
      `if the figure was corrected, say why under restated: { ${year}: { zh_TW: …, en: … } } of ${id}, and the report lists it as restated; otherwise put back ${published} (content/editions/${edition}/metrics.json)`,
    example: ['ghg-scope2', '2023', '548,271', '563,777', '2023'],
  }),
  untracedFigure: entry({
    code: 'ESG7012',
    title: 'Assured figure that cannot be traced',
    message: (id: string, year: number, missing: string[]) => `${id} ${year} is assured but has no ${list(missing)} for that year`,
    hint: (id: string, year: number, missing: string[]) =>
      `the assurer checks every assured figure against where it comes from: give ${id} its ${list(missing)}${
        missing.includes('evidence') ? ` (evidence: { ${year}: [file under content/evidence/${year}/] })` : ''
      } (docs/figures.md, "Trace a figure")`,
    example: ['ghg-scope1', 2024, ['source', 'evidence']],
  }),
  missingEvidence: entry({
    code: 'ESG7013',
    title: 'Evidence file missing',
    message: (path: string, _close: string[]) => `content/evidence/${path} does not exist`,
    hint: (_path: string, close: string[]) => `${meant(close)}put the file under content/evidence/<year>/ or correct its name`,
    example: ['2024/ghg-inventory.cvs', ['2024/ghg-inventory.csv']],
  }),
  unknownOwner: entry({
    code: 'ESG7014',
    title: 'Unknown owner',
    message: (id: string, _close: string[]) => `names the owner "${id}", which owners: in content/metrics.yaml does not list`,
    hint: (_id: string, close: string[]) => `${meant(close)}add the department or contact under owners: with its name and e-mail, or correct the id`,
    example: ['ehs-office', ['ehs']],
  }),
  unknownFactorSet: entry({
    code: 'ESG7015',
    title: 'Unknown factor set',
    message: (id: string, _close: string[]) => `names the factor set "${id}", which factorSets: in content/metrics.yaml does not list`,
    hint: (_id: string, close: string[]) => `${meant(close)}declare it under factorSets: with its name, publisher and version, or correct the id`,
    example: ['moenv-ghg-2042', ['moenv-ghg-2024']],
  }),
  typedFigure: entry({
    code: 'ESG7101',
    title: 'A figure typed by hand',
    message: (typed: string, id: string, year: number) =>
      `${typed} is the ${year} value of the metric "${id}": write {{${id} ${year}}} so that it follows the registry`,
    example: ['18,886', 'ghg-project-reduction', 2024],
    warning: true,
  }),
  restatedUnchanged: entry({
    code: 'ESG7102',
    title: 'Restatement of a figure that did not change',
    message: (id: string, year: string, why: RestatementGap, edition: string) =>
      `${id} gives a reason for restating ${year}, but ${
        why === 'no-edition'
          ? 'content/editions holds no published edition to compare it with'
          : why === 'not-published'
            ? `the ${edition} edition published no ${year} figure for it`
            : why === 'no-figure'
              ? `it has no ${year} figure`
              : `its figure is the one the ${edition} edition published`
      }`,
    hint: () =>
      'a restatement is a figure that differs from the latest published edition (content/editions/<year>/metrics.json); remove the reason once the figure is the published one, or correct the figure',
    example: ['ghg-scope2', '2023', 'unchanged' as RestatementGap, '2024'],
    warning: true,
  }),

  // ESG9xxx: the report PDF, as it is read back after printing
  pageNumberMismatch: entry({
    code: 'ESG9001',
    title: 'Page number that points at the wrong page',
    message: (printed: number, section: string, heading: string, actual: number) =>
      `prints page ${printed} for ${section} ("${heading}"), which begins on page ${actual}`,
    hint: () =>
      'the pagination moved after the numbers were set; build again, and if it persists, report it with the PDF: the book is not published until its numbers hold',
    example: [74, 'focus/climate/energy#focus321', '能源使用與溫室氣體盤查', 75],
  }),
  headingNotOnPage: entry({
    code: 'ESG9002',
    title: 'Section heading not on its page',
    message: (section: string, heading: string, page: number) => `${section} begins on page ${page}, which does not show its heading "${heading}"`,
    hint: () => 'a heading kept from its text by a page break, or a section without its own heading: check the chapter in the PDF',
    example: ['about#scope', '報告期間與邊界', 5],
  }),
  brokenPdfLink: entry({
    code: 'ESG9003',
    title: 'Link inside the PDF that leads nowhere',
    message: (target: string) => `links to ${target}, which the PDF has no destination for`,
    hint: () => 'a link to a chapter or section the book does not print: print its page as a chapter (book.yaml), or link the site address instead',
    example: ['ch-about--scop'],
  }),
  headingAtFoot: entry({
    code: 'ESG9005',
    title: 'Heading at the foot of a page',
    message: (chapter: string, page: number, heading: string) => `in ${chapter}, page ${page} ends with the heading "${heading}", its text overleaf`,
    hint: () =>
      'the book keeps a heading with its text (book.css, break-after: avoid); a heading inside a box or a list may need the box kept whole: check the chapter in the PDF',
    example: ['about', 15, '報告期間與邊界'],
    warning: true,
  }),
  tableHeadAlone: entry({
    code: 'ESG9006',
    title: "Table's head without its rows",
    message: (chapter: string, page: number, table: string) =>
      `in ${chapter}, page ${page} ends with the caption or head of the table "${table}", fewer than two of its rows under it`,
    hint: () => 'a table longer than a page keeps its caption and head with its first rows (book.css): split the table, or shorten the text before it',
    example: ['about', 26, '2024 年報告邊界'],
    warning: true,
  }),
  nearlyEmptyPage: entry({
    code: 'ESG9007',
    title: 'Page of three lines or fewer',
    message: (chapter: string, page: number, text: string) => `in ${chapter}, page ${page} holds three lines or fewer ("${text}")`,
    hint: () => "a chapter's last lines pushed overleaf: shorten the chapter by those lines, or keep what ends it with what comes before",
    example: ['chairman', 14, '董事長 王大明'],
    warning: true,
  }),
  numbersUnsettled: entry({
    code: 'ESG9004',
    title: 'Page numbers that do not settle',
    message: (passes: number, moved: string[]) => `after ${passes} passes, printing the page numbers still moves ${list(moved)}`,
    hint: () => 'a page number wide enough to push a section to the next page and back: shorten the text around that section',
    example: [4, ['focus/climate/energy#focus321']],
  }),

  // ESG8xxx: the command line and the servers
  badUsage: entry({
    code: 'ESG8001',
    title: 'Wrong use of the command',
    message: (detail: string) => detail,
    hint: () => 'esg <command> --help lists the options of each command',
    example: ["unknown option '--contnet'"],
  }),
  nothingAssured: entry({
    code: 'ESG8023',
    title: 'No figure assured in that year',
    message: (year: number, _years: number[]) => `no figure of content/metrics.yaml is assured for ${year}`,
    hint: (_year: number, years: number[]) =>
      years.length ? `figures are assured for ${list(years)}` : 'a figure is assured when its metric has assurance: and a value for the year (docs/figures.md)',
    example: [2025, [2023, 2024]],
  }),
  packOverOther: entry({
    code: 'ESG8024',
    title: 'Assurance pack folder holds something else',
    message: (folder: string) => `${folder} is not empty and holds no assurance pack`,
    hint: () => 'name a new folder with --out, or an earlier pack, which is replaced',
    example: ['reports'],
  }),
  noBuiltSite: entry({
    code: 'ESG8002',
    title: 'No built site to serve',
    message: (folder: string) => `${folder} does not exist`,
    hint: () => 'run `esg build` first, or pass the built folder with --out',
    example: ['out'],
  }),
  portInUse: entry({
    code: 'ESG8003',
    title: 'Port already in use',
    message: (port: number) => `port ${port} is already in use`,
    hint: (port: number) =>
      `choose another with --port (\`npm start -- --port ${port + 1}\`, \`esg preview --port ${port + 1}\`), or stop the program that holds it`,
    example: [4173],
  }),
  noFormsEndpoint: entry({
    code: 'ESG8004',
    title: 'No forms endpoint in site.yaml',
    message: (file: string) => `${file} has no forms.endpoint such as /api/forms`,
    hint: () => 'set forms.endpoint in site.yaml, or pass the content folder with --content',
    example: ['content/site.yaml'],
  }),
  unknownFormKind: entry({
    code: 'ESG8005',
    title: 'Unknown form',
    message: (kind: string, kinds: readonly string[]) => `unknown form "${kind}"; the forms are: ${list(kinds)}`,
    example: ['newsletter', ['subscribe', 'quiz', 'survey']],
  }),
  noFormsData: entry({
    code: 'ESG8006',
    title: 'No forms database',
    message: (file: string, folder: string) => `${file} does not exist: no form has been received into ${folder}`,
    hint: () => 'pass the folder `esg serve --data` wrote to with --data',
    example: ['data/forms.sqlite', 'data'],
  }),
  badEventId: entry({
    code: 'ESG8007',
    title: 'Not a valid event id',
    message: (id: string) => `"${id}" is not a valid event id`,
    hint: () => 'use lower-case letters, digits and dashes, e.g. 2025-beach-cleanup',
    example: ['Beach Cleanup'],
  }),
  eventExists: entry({
    code: 'ESG8008',
    title: 'Event already exists',
    message: (files: string[]) => `${files.join(' and ')} already exists`,
    hint: () => 'choose another id, or edit the existing files',
    example: [['content/zh_TW/events/2025-beach-cleanup.md']],
  }),
  notCompiled: entry({
    code: 'ESG8009',
    title: 'The command is not compiled',
    message: () => 'the command is not compiled (dist/cli.js is missing)',
    hint: () => 'run `npm install`, or `npm run compile` after changing the code',
    example: [],
  }),
  badServeSetting: entry({
    code: 'ESG8010',
    title: 'A setting of esg serve is not valid',
    message: (name: string, value: string, expected: string) => `${name} is "${value}": it ${expected}`,
    hint: (name: string) => `${name.startsWith('--') ? 'change the option' : 'change or unset the environment variable'}; esg serve --help lists every setting`,
    example: ['ESG_RATE_LIMIT', 'twenty', 'must be a whole number of submissions a minute, 0 for no limit'],
  }),
  badDatabaseUrl: entry({
    code: 'ESG8011',
    title: 'Not a PostgreSQL address',
    message: (url: string) => `"${url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')}" is not a PostgreSQL address`,
    hint: () => 'give --database (or DATABASE_URL) as postgres://user:password@host:5432/database, or leave it out to use SQLite under --data',
    example: ['mysql://db.example.org/forms'],
  }),
  databaseUnreachable: entry({
    code: 'ESG8012',
    title: 'Cannot reach the database',
    message: (location: string, reason: string) => `cannot connect to ${location}: ${reason}`,
    hint: () => 'check that PostgreSQL is running and that the address, user, password and database name are right',
    example: ['postgres://esg:***@localhost:5432/forms', 'connect ECONNREFUSED 127.0.0.1:5432'],
  }),
  notFormsBackup: entry({
    code: 'ESG8013',
    title: 'Not a forms backup',
    message: (file: string, reason: string) => `${file} is not a backup of the forms: ${reason}`,
    hint: () => 'restore a file written by `esg forms backup --to FILE` (a SQLite file or a JSON dump)',
    example: ['notes.txt', 'it is neither a SQLite database nor a JSON dump'],
  }),
  noChromium: entry({
    code: 'ESG8015',
    title: 'Chromium is missing',
    message: (looked: string[]) =>
      `the report PDF is printed by Chromium: the one npm installs (@sparticuz/chromium, Linux x64) cannot run here, and none is at ${list(looked)}`,
    hint: () =>
      "on Linux x64, run `npm install` again (the bundled Chromium needs the system's libnss3); elsewhere install Chromium or set CHROMIUM_PATH to one; `esg build` without --pdf needs no browser",
    example: [['/usr/bin/chromium']],
  }),
  restoreOverData: entry({
    code: 'ESG8014',
    title: 'The database already holds submissions',
    message: (location: string, rows: number) =>
      `${location} already holds ${rows} ${rows === 1 ? 'row' : 'rows'}; restoring would mix two sets of submissions`,
    hint: () => 'restore into an empty database, or add --force to replace what it holds with the backup',
    example: ['data/forms.sqlite', 12],
  }),
  teamDataPublished: entry({
    code: 'ESG8016',
    title: 'Team accounts inside a published folder',
    message: (data: string, inside: string) => `the team's folder ${data} is inside ${inside}, which the site is built from or into`,
    hint: () =>
      'keep the accounts and the changes under review outside content/ and out/: leave out --data (the default is .esg-team beside content/) or choose another folder',
    example: ['content/.esg-team', 'content'],
  }),
  badAccountName: entry({
    code: 'ESG8017',
    title: 'Not a valid account name',
    message: (name: string) => `"${name}" is not a valid account name`,
    hint: () => 'use 1 to 40 letters, digits, dots, dashes or underscores, starting with a letter or digit, e.g. ana or chen.mei',
    example: ['Ana Lin'],
  }),
  badRole: entry({
    code: 'ESG8018',
    title: 'Unknown role',
    message: (role: string, roles: readonly string[]) => `"${role}" is not a role; the roles are: ${list(roles)}`,
    hint: () => 'a writer edits and submits, a reviewer approves or returns what others submitted, an admin also publishes',
    example: ['editor', ['writer', 'reviewer', 'admin']],
  }),
  accountExists: entry({
    code: 'ESG8019',
    title: 'Account already exists',
    message: (name: string) => `there is already an account named ${name}`,
    hint: (name: string) => `choose another name, or give ${name} a new password with \`esg users reset ${name}\``,
    example: ['ana'],
  }),
  noSuchAccount: entry({
    code: 'ESG8020',
    title: 'No such account',
    message: (name: string, data: string) => `there is no account named ${name} in ${data}`,
    hint: () => '`esg users list` shows the accounts; pass the team folder with --data if it is not the default',
    example: ['ana', '.esg-team'],
  }),
  weakPassword: entry({
    code: 'ESG8021',
    title: 'Password too short',
    message: (length: number, least: number) =>
      length === 0 ? 'no password was read from standard input' : `the password has ${length} characters; it needs at least ${least}`,
    hint: () => 'send the password on standard input, one line: `read -rs pw && echo "$pw" | esg users add ana --role writer`',
    example: [5, 8],
  }),
  noAccounts: entry({
    code: 'ESG8022',
    title: 'No team accounts',
    message: (data: string) => `${data} holds no account: nobody could sign in`,
    hint: () => 'add one first: `esg users add NAME --role admin` reads its password from standard input',
    example: ['.esg-team'],
  }),
};

export type ErrorName = keyof typeof errors;
