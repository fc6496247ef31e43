// Generated from schemas/*.schema.json by `npm run schema:types`. Do not edit by hand.

/** Article page: A page of sections: the about page, the chairman's and president's letters, the committee, company, annual projects and the focus pages. */
export type Article = {
  /** Page title */
  title: Text;
  /** Summary: One or two sentences for search engines and link previews. */
  description: Text;
  /** Eyebrow: A short line above the title, such as the chapter name. */
  kicker?: Text;
  /** Lead: The opening paragraph, shown larger. */
  lead?: Text;
  /** Hero image */
  hero?: Image;
  /** In site search: false leaves the page out of the site's search results (it stays on the site, in its menus and in search engines): for a page that is not for readers. Left out, the page is in site search. */
  siteSearch?: boolean;
  /** Tags */
  tags?: string[];
  /** Sections */
  sections: Section[];
  /** Signature */
  signature?: {
    /** Name */
    name: Text;
    /** Position */
    role: Text;
  };
};

/** Report book: content/<locale>/book.yaml: the report as a book (esg build --pdf): its cover, its chapters in the order they are printed, grouped in parts, the assurance statement and the back cover. Each chapter is a page of the site, printed with its sections, figures, charts and tables; the table of contents and every page number of the indexes are computed. */
export type Book = {
  /** Company: The company's name as the cover prints it; the PDF's author. */
  company: Text;
  /** Title: The report's title on the cover and in the PDF's metadata. */
  title: Text;
  /** Subtitle */
  subtitle?: Text;
  /** Report year: The year the report covers; the edition the download page offers first. */
  year: number;
  /** File name: The PDF's name without locale and extension: huayue-esg-2024 makes /reports/huayue-esg-2024-zh_TW.pdf. */
  file: string;
  /** Keywords: The PDF's keywords, for search engines and document libraries. */
  keywords?: string[];
  /** Cover picture */
  cover: Image;
  /** Parts: The chapters in the order they are printed, grouped in parts; each part starts with its title in the table of contents. */
  parts: {
    /** Part title */
    title: Text;
    /** Chapters: Route names of the site's pages, without locale or leading slash: about, focus/climate/energy, report/gri. Each page is a chapter once. An English book prints the chapters with an English edition and names the others on its cover. */
    chapters: string[];
  }[];
  /** Assurance statement: The independent assurance provider's statement, printed at the end of the appendix. */
  statement: {
    /** Statement heading */
    title: Text;
    /** Statement: Paragraphs, a blank line between them. */
    text: Text;
    /** Signed: Who signed it, where and when: one line each (the firm, the accountant, the place and date), as a signature block prints them. */
    signed: Text;
  };
  /** Back cover: The contact lines printed on the back cover. */
  backCover: Text[];
};

/** Text: Visible text. Blank lines separate paragraphs where a block allows several. */
export type Text = string;

/** Link address: A site path such as /report/gri or /focus/climate/energy?focus=focus213 (the locale is added for you), a #anchor, or a full https:// address. */
export type Url = string;

/** Asset file: A picture or document of the picture library, chosen or uploaded with the button beside it. A photograph is published in several sizes made for screens, never as the file itself. */
export type AssetPath = string;

/** Section id: The anchor of a section, used by #hash and ?focus= links. Lower-case letters, digits and dashes, starting with a letter. */
export type SectionId = string;

/** Image */
export type Image = {
  /** Image file */
  src: AssetPath;
  /** Alternative text: What the picture shows, for people who cannot see it. Empty only for decoration. */
  alt: string;
  /** Caption */
  caption?: Text;
};

/** Link */
export type Link = {
  /** Link text */
  text: Text;
  /** Link address */
  url: Url;
  /** Target: _blank opens a new tab. */
  target?: "_blank";
};

/** Chapter link: A link to the report chapter that covers an item. Its printed page is computed from the report PDF (esg build --pdf), never typed. */
export type ChapterLink = {
  /** Chapter name */
  text: Text;
  /** Chapter address */
  url: Url;
};

/** Key figure: A number shown large, with its unit and a short label. */
export type Figure = {
  /** Value: As printed, e.g. 84.6 or 18,886 or NT$100,000. */
  value: string;
  /** Unit */
  unit?: string;
  /** Label */
  label: Text;
  /** Note */
  note?: Text;
};

/** Content block: One piece of an article section, of the kind chosen first. */
export type Block = TextBlock | ListBlock | FiguresBlock | TableBlock | MetricsBlock | TargetsBlock | RestatementsBlock | QuoteBlock | ImageBlock | LinksBlock | PeopleBlock;

/** Paragraphs */
export type TextBlock = {
  /** Block type */
  type: "text";
  /** Paragraphs */
  text: Text;
};

/** Bulleted or numbered list */
export type ListBlock = {
  /** Block type */
  type: "list";
  /** List heading */
  title?: Text;
  /** Numbered */
  ordered?: boolean;
  /** List items */
  items: Text[];
};

/** Key figures */
export type FiguresBlock = {
  /** Block type */
  type: "figures";
  /** Key figures */
  items: Figure[];
};

/** Table */
export type TableBlock = {
  /** Block type */
  type: "table";
  /** Table caption */
  caption: Text;
  /** Column headings */
  head: string[];
  /** Table rows */
  rows: string[][];
  /** Note */
  note?: Text;
};

/** Metrics over the years: A table of metrics of content/metrics.yaml (one row each) over years (one column each), with a trend chart drawn beside it. The figures come from the registry, never typed here. */
export type MetricsBlock = {
  /** Block type */
  type: "metrics";
  /** Table caption */
  caption: Text;
  /** Metrics */
  metrics: MetricsMetricId[];
  /** Years */
  years: number[];
  /** Chart: line (default), bar, or none for the table alone. */
  chart?: "line" | "bar" | "none";
  /** Note */
  note?: Text;
};

/** Targets and progress: The targets of content/metrics.yaml of one topic, each with its baseline, latest value, target and status, computed from the registry (docs/figures.md, "Add a target"). */
export type TargetsBlock = {
  /** Block type */
  type: "targets";
  /** Metric topic */
  topic: MetricsTopic;
  /** Table caption */
  caption?: Text;
};

/** Restated figures: Every figure of content/metrics.yaml that differs from what the latest published edition gave for it, with the value first published, the value now and the reason (the metric's restated:). The section GRI 2-4 points at holds it. */
export type RestatementsBlock = {
  /** Block type */
  type: "restatements";
  /** Table caption */
  caption?: Text;
};

/** Quotation */
export type QuoteBlock = {
  /** Block type */
  type: "quote";
  /** Quoted words */
  text: Text;
  /** Source */
  cite?: Text;
};

/** Picture */
export type ImageBlock = {
  /** Block type */
  type: "image";
  /** Picture */
  image: Image;
};

/** Chapter links */
export type LinksBlock = {
  /** Block type */
  type: "links";
  /** Heading */
  title?: Text;
  /** Links */
  items: ChapterLink[];
};

/** People: Members of a committee or a team. */
export type PeopleBlock = {
  /** Block type */
  type: "people";
  /** Members */
  items: {
    /** Name */
    name: Text;
    /** Position */
    role: Text;
    /** Background */
    text?: Text;
  }[];
};

/** Section: A part of a page under its own heading. Sub-sections nest one level. */
export type Section = {
  /** Section id */
  id?: SectionId;
  /** Heading */
  heading: Text;
  /** Tags: Material topics or SDGs this section speaks to. */
  tags?: string[];
  /** Content blocks */
  blocks: Block[];
  /** Sub-sections */
  subsections?: {
    /** Section id */
    id?: SectionId;
    /** Heading */
    heading: Text;
    /** Content blocks */
    blocks: Block[];
  }[];
};

/** Components page: The living style guide (components): sample data for every shared block the templates use. */
export type Components = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Lead */
  lead: Text;
  /** Sample data */
  samples: {
    /** Article sections using every block type */
    sections: Section[];
    /** Sample tabs: Links the sample tab bar points at. */
    tabs: Link[];
    /** Sample topic */
    topic: SustainableTopic;
    /** Sample SDG entry */
    goal: SustainableGoal;
    /** Sample principle group */
    principle: UngcEntry;
    /** Sample matrix */
    matrix: MaterialityMatrix;
    /** Sample tooltip text: The explanation a tooltip opens beside the sample topic title. */
    tooltip: Text;
  };
  /** What each block is for: Keyed by the block's component name (Tabs, Figures, …), one sentence each. */
  notes: {
    [key: string]: Text;
  };
};

/** Report download page: Texts of the report-download page. The files themselves are listed in site.yaml under `reports`; their sizes are read from the files at build time. */
export type Downloads = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Lead */
  lead: Text;
  /** Latest report heading */
  latestHeading: Text;
  /** Earlier reports heading */
  archiveHeading: Text;
  /** Note */
  note?: Text;
};

/** Published edition's figures: content/editions/<year>/metrics.json: the open data file /data/metrics.json of an edition as it was published, kept unchanged. The build compares each figure of the registry of a year up to the latest edition's with what that edition published; a difference needs a reason (restated: on the metric). Only each metric's id and values are read; the other fields of the open data stay as published. */
export type Edition = {
  /** Metrics as published */
  metrics: {
    /** Metric id */
    id: MetricsMetricId;
    /** Values by year, as published */
    values: {
      [key: string]: number;
    };
  }[];
};

/** Event: One event: its details in these fields, its story in the body text below them. */
export type Event = {
  /** Event id: Part of the address /event/<id>: lower-case letters, digits and dashes, the same in every locale. */
  id: string;
  /** Date: The day of the event. */
  date: string;
  /** Event title */
  title: Text;
  /** Summary: One or two sentences shown in lists. */
  summary: Text;
  /** Cover image */
  cover: AssetPath;
  /** Cover description */
  coverAlt?: string;
  /** Category */
  category: "governance" | "environment" | "society" | "employees" | "suppliers";
  /** Place */
  place?: Text;
  /** External link */
  link?: string;
};

/** Quiz first-answer record: Body of POST <forms endpoint>/quiz: the result of one quiz and the optional record fields, checked by `esg serve` (not a content file). */
export type FormsQuiz = {
  /** Correct answers */
  score: number;
  /** Questions asked */
  total: number;
  /** Result band */
  band: "a" | "b" | "c";
  /** The option chosen for each question */
  answers: string[];
  /** Identity */
  identify?: string;
  /** Other identity */
  manualIdentify?: string;
  /** Company or school */
  company?: string;
  /** Name */
  name?: string;
  /** e-mail address: Empty, or an address: no spaces, control characters, angle brackets or quotes. */
  email?: string;
  /** Language */
  locale: "zh_TW" | "zh_CN" | "en";
};

/** Newsletter subscription: Body of POST <forms endpoint>/subscribe, checked by `esg serve` (not a content file). */
export type FormsSubscribe = {
  /** e-mail address: No spaces, control characters, angle brackets or quotes. */
  email: string;
  /** Name */
  name?: string;
  /** Consent to receive the newsletter */
  consent: true;
  /** Language */
  locale: "zh_TW" | "zh_CN" | "en";
};

/** Stakeholder survey answer: Body of POST <forms endpoint>/survey: who answers and the concern (1–5) for each topic, checked by `esg serve` (not a content file). */
export type FormsSurvey = {
  /** Stakeholder identity id */
  identity: string;
  /** Other identity */
  identityOther?: string;
  /** Organisation */
  organisation: string;
  /** Name */
  name?: string;
  /** e-mail address: Empty, or an address: no spaces, control characters, angle brackets or quotes. */
  email?: string;
  /** Consent to the use of the answers */
  consent: true;
  /** Concern per topic id, 1 (none) to 5 (very high) */
  ratings: {
    [key: string]: number;
  };
  /** Language */
  locale: "zh_TW" | "zh_CN" | "en";
};

/** Figure group */
export type HomeFigureGroup = {
  /** Heading */
  heading: Text;
  /** Intro text */
  text?: Text;
  /** Key figures */
  items: Figure[];
};

/** Home page: The home page of one report year: banners, performance figures, awards, latest events, annual projects and the questionnaire invitation. home.yaml is the 2025 design; index2024.yaml and index2023.yaml keep the earlier ones. */
export type Home = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Design year: Which home design this file uses. */
  design: 2023 | 2024 | 2025;
  /** Banners */
  banners: {
    /** Banner title */
    title: Text;
    /** Banner text */
    text: Text;
    /** Banner image */
    image: Image;
    /** Banner link */
    link?: Link;
  }[];
  /** Performance figures */
  performance: HomeFigureGroup;
  /** Highlights */
  highlights: HomeFigureGroup;
  /** Awards */
  awards: {
    /** Heading */
    heading: Text;
    /** Awards */
    items: {
      /** Year */
      year: number;
      /** Award name */
      title: Text;
      /** Awarded by */
      issuer: Text;
    }[];
  };
  /** Latest events: The three newest events are shown. To show others instead, list them under Pinned event ids. */
  events: {
    /** Heading */
    heading: Text;
    /** More events link */
    more: Link;
    /** Pinned event ids */
    pinned?: string[];
  };
  /** Annual projects */
  projects: {
    /** Heading */
    heading: Text;
    /** Projects */
    items: {
      /** Project name */
      title: Text;
      /** Project text */
      text: Text;
      /** Link address */
      url: Url;
      /** Project image */
      image: Image;
    }[];
  };
  /** Questionnaire invitation */
  questionnaire: {
    /** Heading */
    heading: Text;
    /** Invitation text */
    text: Text;
    /** Survey link */
    link: Link;
  };
};

/** Materiality matrix */
export type MaterialityMatrix = {
  /** Heading of the matrix */
  title: Text;
  /** What the matrix shows: Read by screen readers as the chart's description. */
  summary: Text;
  /** Label of the vertical axis (stakeholder concern) */
  concernLabel: Text;
  /** Label of the horizontal axis (impact) */
  impactLabel: Text;
  /** Material threshold: A topic whose concern and impact both reach this score is material (1 to 5). */
  threshold: number;
  /** Categories */
  categories: ({
    /** Category key */
    id: "governance" | "economic" | "environmental" | "social";
    /** Category name */
    name: Text;
  })[];
  /** Topics */
  topics: MaterialityTopic[];
};

/** Topic */
export type MaterialityTopic = {
  /** Topic name */
  name: Text;
  /** Category */
  category: "governance" | "economic" | "environmental" | "social";
  /** Stakeholder concern: Score from 1 (low) to 5 (high). */
  concern: number;
  /** Impact on economy, environment and people: Score from 1 (low) to 5 (high). */
  impact: number;
  /** Where the report covers it */
  url?: Url;
};

/** Materiality analysis page: The materiality-analyze page: an article with a materiality matrix drawn from the topics' concern and impact scores. */
export type Materiality = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Eyebrow */
  kicker?: Text;
  /** Lead */
  lead?: Text;
  /** Materiality matrix */
  matrix: MaterialityMatrix;
  /** Sections */
  sections: Section[];
};

/** Menu entry */
export type MenuEntry = {
  /** Label */
  name: string;
  /** Address */
  to?: Url;
  /** Target: _blank opens a new tab. */
  target?: "_blank";
  /** Highlighted */
  important?: boolean;
  /** Action instead of a link: subscriber opens the newsletter form. */
  triggerAction?: "subscriber";
  /** Style */
  class?: "menu1" | "menu2";
  /** Sub-entries */
  children?: MenuEntry[];
};

/** Main menu: The categories of the main menu and their entries. */
export type Menu = {
  /** Menu entries */
  items: MenuEntry[];
};

/** UI messages: Every text of buttons, notices and errors, as ICU messages (intl-messageformat). Keys are fixed; a missing key is an error in zh_TW. */
export type Messages = {
  /** Site name */
  "site.name": string;
  /** Slogan */
  "site.slogan": string;
  /** Copyright line */
  "site.copyright": string;
  /** Version line */
  "site.version": string;
  /** Skip link */
  "skip.toContent": string;
  /** Logo link label */
  "header.logo": string;
  /** Home link label */
  "header.home": string;
  /** Open menu button */
  "header.menuOpen": string;
  /** Close menu button */
  "header.menuClose": string;
  /** Header search button */
  "header.search": string;
  /** New tab notice */
  "header.newWindow": string;
  /** Language menu label */
  "language.label": string;
  /** Current language */
  "language.current": string;
  /** Site map heading */
  "footer.sitemap": string;
  /** Footer download link */
  "footer.download": string;
  /** Footer download details */
  "footer.downloadMeta": string;
  /** 404 page title */
  "notFound.title": string;
  /** 404 page text */
  "notFound.text": string;
  /** 404 page home link */
  "notFound.back": string;
  /** Error page title */
  "error.title": string;
  /** Page error message */
  "error.render": string;
  /** Error page failure */
  "error.errorPage": string;
  /** Error page home link */
  "error.home": string;
  /** English notice title */
  "english.notice": string;
  /** English notice text */
  "english.noticeText": string;
  /** English notice button */
  "english.confirm": string;
  /** No-English page title */
  "english.guardTitle": string;
  /** No-English page text */
  "english.guardText": string;
  /** No-English page link */
  "english.guardLink": string;
  /** Redirect page title */
  "redirect.title": string;
  /** Redirect page link */
  "redirect.link": string;
  /** Latest events heading */
  "home.latestEvents": string;
  /** Read more link */
  "home.readMore": string;
  /** Home new tab notice */
  "home.newWindow": string;
  /** Banner slide label */
  "home.bannerLabel": string;
  /** Previous banner button */
  "home.previous": string;
  /** Next banner button */
  "home.next": string;
  /** Download year column */
  "download.year": string;
  /** Download language column */
  "download.language": string;
  /** File size column */
  "download.size": string;
  /** Download column */
  "download.file": string;
  /** Download link label */
  "download.fileLabel": string;
  /** Latest edition label */
  "download.latest": string;
  /** Traditional Chinese name */
  "lang.zh_TW": string;
  /** Simplified Chinese name */
  "lang.zh_CN": string;
  /** English name */
  "lang.en": string;
  /** Newsletter button */
  "newsletter.open": string;
  /** Signature line */
  "article.signature": string;
  /** Related topics heading */
  "article.tags": string;
  /** Event date label */
  "event.date": string;
  /** Event place label */
  "event.place": string;
  /** Sustainability report name */
  "download.kind.sustainability": string;
  /** CSR report name */
  "download.kind.csr": string;
  /** Contents heading */
  "book.contents": string;
  /** Partial edition note */
  "book.partial": string;
  /** Page count */
  "book.pages": string;
  /** Chapter PDF link */
  "book.chapterPdf": string;
  /** Chapter PDF details */
  "book.chapterPdfMeta": string;
  /** Data appendix lead */
  "book.dataLead": string;
  /** Data appendix: unit column */
  "book.col.unit": string;
  /** Data appendix: boundary column */
  "book.col.boundary": string;
  /** Data appendix: assured column */
  "book.col.assured": string;
  /** Data appendix: boundary notes */
  "book.boundaryNotes": string;
  /** Data appendix: a figure after the report year */
  "book.laterFigure": string;
  /** Data appendix: assurance notes */
  "book.assuranceNotes": string;
  /** Events page title */
  "event.listTitle": string;
  /** Events page summary */
  "event.listDescription": string;
  /** Event count */
  "event.count": string;
  /** Year filter label */
  "event.filterLabel": string;
  /** All years option */
  "event.allYears": string;
  /** Event year heading */
  "event.year": string;
  /** Category label */
  "event.category": string;
  /** Governance category */
  "event.category.governance": string;
  /** Environment category */
  "event.category.environment": string;
  /** Community category */
  "event.category.society": string;
  /** Employees category */
  "event.category.employees": string;
  /** Supply chain category */
  "event.category.suppliers": string;
  /** Event website link */
  "event.externalLink": string;
  /** Other events heading */
  "event.others": string;
  /** Back to events link */
  "event.backToList": string;
  /** Missing event title */
  "event.oopsTitle": string;
  /** Missing event text */
  "event.oopsText": string;
  /** Search box label */
  "shell.searchLabel": string;
  /** Search placeholder */
  "shell.searchPlaceholder": string;
  /** Search submit button */
  "shell.searchSubmit": string;
  /** Clear search button */
  "shell.searchClear": string;
  /** Close search button */
  "shell.searchClose": string;
  /** Suggestions heading */
  "shell.searchSuggestions": string;
  /** Suggestion: events */
  "shell.searchSuggestion.events": string;
  /** Suggestion: quiz */
  "shell.searchSuggestion.quiz": string;
  /** Suggestion: performance */
  "shell.searchSuggestion.performance": string;
  /** Suggestion: Covid-19 */
  "shell.searchSuggestion.covid19": string;
  /** Suggestion: download */
  "shell.searchSuggestion.download": string;
  /** Quiz button */
  "shell.quiz": string;
  /** Share button */
  "shell.share": string;
  /** Share on network */
  "shell.shareOn": string;
  /** Back to top button */
  "shell.toTop": string;
  /** Offline notice */
  "shell.offline": string;
  /** Back online notice */
  "shell.backOnline": string;
  /** English pages notice */
  "shell.englishVisit": string;
  /** Tab list label */
  "sustain.tabs": string;
  /** Tab page title */
  "sustain.tabTitle": string;
  /** Policy label */
  "sustain.policy": string;
  /** Target label */
  "sustain.target": string;
  /** Related SDGs label */
  "sustain.sdgs": string;
  /** Note line */
  "sustain.note": string;
  /** SDG name */
  "sustain.goal": string;
  /** Benefit label */
  "sustain.benefit": string;
  /** Chapters label */
  "sustain.chapters": string;
  /** Principles label */
  "sustain.principles": string;
  /** Matrix legend */
  "sustain.matrix.legend": string;
  /** Material zone label */
  "sustain.matrix.zone": string;
  /** Matrix table caption */
  "sustain.matrix.table": string;
  /** Matrix number column */
  "sustain.matrix.number": string;
  /** Matrix topic column */
  "sustain.matrix.topic": string;
  /** Matrix category column */
  "sustain.matrix.category": string;
  /** Matrix material column */
  "sustain.matrix.material": string;
  /** Material: yes */
  "sustain.matrix.yes": string;
  /** Material: no */
  "sustain.matrix.no": string;
  /** Table list label */
  "report.contents": string;
  /** Table CSV link */
  "report.csv": string;
  /** CSV link suffix */
  "report.csvOf": string;
  /** Tooltip button label */
  "report.tooltip": string;
  /** Remark label */
  "report.remark": string;
  /** Omitted label */
  "report.omitted": string;
  /** Omitted requirement */
  "report.omission": string;
  /** Omission reason */
  "report.omissionReason": string;
  /** Reason: not applicable */
  "report.reason.not-applicable": string;
  /** Reason: legal prohibitions */
  "report.reason.legal-prohibitions": string;
  /** Reason: confidentiality */
  "report.reason.confidentiality-constraints": string;
  /** Reason: information unavailable */
  "report.reason.information-unavailable": string;
  /** Quantitative type */
  "report.sasb.quantitative": string;
  /** Discussion type */
  "report.sasb.discussion": string;
  /** Qualitative note */
  "report.sasb.seeChapter": string;
  /** Inventory year heading */
  "report.year": string;
  /** GRI indicators heading */
  "report.account.gri": string;
  /** SASB indicators heading */
  "report.account.sasb": string;
  /** Company indicators heading */
  "report.account.custom": string;
  /** Number column */
  "report.col.num": string;
  /** Disclosure column */
  "report.col.disclosure": string;
  /** Location column */
  "report.col.location": string;
  /** Remarks column */
  "report.col.remark": string;
  /** Index metric column */
  "report.col.metric": string;
  /** Item column */
  "report.col.item": string;
  /** Description column */
  "report.col.description": string;
  /** Execution column */
  "report.col.execution": string;
  /** Requirement column */
  "report.col.rule": string;
  /** Company or site column */
  "report.col.site": string;
  /** Emissions column */
  "report.col.emissions": string;
  /** Intensity column */
  "report.col.intensity": string;
  /** Verifier column */
  "report.col.verifier": string;
  /** Verification column */
  "report.col.verification": string;
  /** Matrix dot label */
  "sustain.matrix.dot": string;
  /** Right answer message */
  "quiz.right": string;
  /** Wrong answer message */
  "quiz.wrong": string;
  /** Link copied message */
  "quiz.copied": string;
  /** Sending message */
  "forms.sending": string;
  /** Sending failed message */
  "forms.failed": string;
  /** Send again button */
  "forms.retry": string;
  /** Too many submissions */
  "forms.busy": string;
  /** Fields to correct */
  "forms.rejected": string;
  /** Required field note */
  "forms.required": string;
  /** Invalid e-mail note */
  "forms.emailInvalid": string;
  /** Consent required note */
  "forms.consentRequired": string;
  /** Optional field mark */
  "forms.optional": string;
  /** Newsletter form title */
  "newsletter.title": string;
  /** Newsletter intro */
  "newsletter.intro": string;
  /** E-mail field label */
  "newsletter.email": string;
  /** Name field label */
  "newsletter.name": string;
  /** Consent text */
  "newsletter.consent": string;
  /** Subscribe button */
  "newsletter.submit": string;
  /** Close button */
  "newsletter.close": string;
  /** Subscribed title */
  "newsletter.finishedTitle": string;
  /** Subscribed text */
  "newsletter.finishedText": string;
  /** Already subscribed text */
  "newsletter.duplicateText": string;
  /** Unsubscribe note: After subscribing: the sentence before the unsubscribe link the receiver answered with. */
  "newsletter.unsubscribeNote": string;
  /** Unsubscribe link: The unsubscribe link's text. */
  "newsletter.unsubscribeLink": string;
  /** Done button */
  "newsletter.done": string;
  /** Main menu name: Accessible name of the header's main menu, distinct from the footer site map's. */
  "a11y.mainMenu"?: string;
  /** Page tools name: Accessible name of the floating buttons (quiz, share, back to top). */
  "a11y.pageTools"?: string;
  /** Scrolling table name: Accessible name of a table's scrolling box; {caption} is the table's caption. */
  "a11y.tableScroll"?: string;
  /** Metric column: Heading of a metrics table's first column. */
  "metrics.metric": string;
  /** No figure in chart: Said in a chart's description for a year without a figure. */
  "metrics.noFigure": string;
  /** Data page title: Title of the data page, which lists every metric of content/metrics.yaml. */
  "metrics.dataTitle": string;
  /** Data page lead: The data page's lead paragraph. */
  "metrics.dataLead": string;
  /** Data latest column: Column heading: a metric's newest value and its year. */
  "metrics.latest": string;
  /** Latest value with year: A metric's newest value with its year. */
  "metrics.latestValue": string;
  /** Trend column: Column heading: the metric's sparkline. */
  "metrics.trend": string;
  /** Disclosures column: Column heading: GRI and SASB codes. */
  "metrics.disclosures": string;
  /** Boundary column: Column heading: the sites the metric covers. */
  "metrics.boundary": string;
  /** Assurance column: Column heading: who assured the metric. */
  "metrics.assurance": string;
  /** Not assured label: A metric no one assured. */
  "metrics.notAssured": string;
  /** Metrics JSON link: Link to /data/metrics.json. */
  "metrics.downloadJson": string;
  /** Metrics CSV link: Link to /data/metrics.csv. */
  "metrics.downloadCsv": string;
  /** Data page link: Link to the data page, from the performance and download pages. */
  "metrics.dataLink": string;
  /** Answering metrics label: Before the metrics that answer a GRI or SASB disclosure, in the index tables. */
  "metrics.answeredBy": string;
  /** Topic names: A topic of content/metrics.yaml, as the data page's section headings. */
  "metrics.topic": string;
  /** Label with unit: A metric's label with its unit, in a table whose rows have different units. */
  "metrics.withUnit": string;
  /** Assured by line: Who assured a metric, and to what standard. */
  "metrics.assuredBy": string;
  /** Partial chart name: Name of one of several charts of a metrics table, when its figures differ too much in size for one chart. */
  "metrics.chartPart": string;
  /** Topic list name: Accessible name of the data page's list of topics. */
  "metrics.topics": string;
  /** Details summary: Summary of a metric's folded boundary and assurance on the data page. */
  "metrics.details": string;
  /** Targets page title: The targets page's title and menu name. */
  "targets.title": string;
  /** Targets page lead: The targets page's lead paragraph. */
  "targets.lead": string;
  /** Target column: Column head: the target. */
  "targets.target": string;
  /** Baseline column: Column head: the baseline year and value. */
  "targets.baseline": string;
  /** Targets latest column: Column head: the latest reported value. */
  "targets.latest": string;
  /** Value to reach column: Column head: the value to reach and its year. */
  "targets.goal": string;
  /** Status column: Column head: the status. */
  "targets.status": string;
  /** Value with year: A value with its year: {year}, {value}. */
  "targets.yearValue": string;
  /** Latest: no figure: Latest value of a target whose metric has no figure after the baseline yet. */
  "targets.noData": string;
  /** Change against baseline: A target set as a change against its baseline: {direction} (reduce or increase), {value} (per cent), {year} (the baseline year). */
  "targets.change": string;
  /** Progress bar label: The progress bar read aloud: {percent} of the way from the baseline to the target. */
  "targets.progress": string;
  /** Status rule heading: Heading of how the status is decided. */
  "targets.ruleTitle": string;
  /** Status rule: How the status is decided, in one paragraph. */
  "targets.rule": string;
  /** Targets CSV link: Link: download every target as CSV. */
  "targets.downloadCsv": string;
  /** Targets JSON link: Link: download every target as JSON. */
  "targets.downloadJson": string;
  /** Status: achieved: Status: the target is reached. */
  "targets.achieved": string;
  /** Status: on track: Status: not reached yet, but at or past the straight path to the target. */
  "targets.onTrack": string;
  /** Status: behind: Status: behind the straight path to the target. */
  "targets.behind": string;
  /** Status: no data yet: Status: no figure after the baseline year yet. */
  "targets.noDataYet": string;
  /** Year-on-year change: A metric's latest figure against the year before: {direction} is up, down or same; {value} the difference with its unit; {percent} it as a per cent of the year before; {year} that year. */
  "metrics.change": string;
  /** Change without percent: The same, when the year before is 0 and has no per cent: {direction}, {value}, {year}. */
  "metrics.changeOnly": string;
  /** Percentage points: A difference of percentages: {value} percentage points. */
  "metrics.points": string;
  /** Assured column: Column head of the GRI and SASB indexes: whether the row was assured. */
  "report.col.assured": string;
  /** Assured: yes: Assured: every figure the row cites. */
  "report.assured.yes": string;
  /** Assured: partly: Assured: some of the figures the row cites. */
  "report.assured.partly": string;
  /** Assured: no: Assured: none. */
  "report.assured.no": string;
  /** Assurance legend: Under an index table: who assured the figures it cites, {providers} a list of provider (standard). */
  "report.assuranceLegend": string;
  /** No assurance note: Under an index table citing no assured figure. */
  "report.assuranceNone": string;
  /** Restatements caption: The caption of the table of restated figures (a restatements block). */
  "restatements.caption": string;
  /** Restated year column: Its column of the year restated. */
  "restatements.year": string;
  /** Published value column: Its column of the value first published. */
  "restatements.published": string;
  /** Restated value column: Its column of the value now reported. */
  "restatements.restated": string;
  /** Reason column: Its column of the reason. */
  "restatements.reason": string;
  /** No restatements note: Said instead of the table when no figure is restated. */
  "restatements.none": string;
  /** Restatement note: Under a metrics table, for each restated figure it shows: {mark} (the mark beside the figure), {label}, {year}, {published} (the value first published, with its unit) and {reason}. */
  "metrics.restatedNote": string;
  /** Data page restatement: On the data page, under a metric with a restated figure: {mark}, {year}, {published} (with its unit) and {reason}. */
  "metrics.restated": string;
};

/** Topic: Which part of the report the metric belongs to; the data page groups metrics by it. */
export type MetricsTopic = "economy" | "governance" | "climate" | "energy" | "water" | "waste" | "materials" | "safety" | "people" | "training" | "community" | "supply" | "product";

/** Metric id: Lower-case letters, digits and dashes; what pages write to name the metric. */
export type MetricsMetricId = string;

/** Unit: A unit of the `units` list, or `percent`. */
export type MetricsUnitId = string;

/** Text per locale: zh_TW and en; zh_CN is converted from zh_TW like every other text. */
export type MetricsLocaleTexts = {
  /** Traditional Chinese */
  zh_TW: string;
  /** English */
  en: string;
};

/** Id: Lower-case letters, digits and dashes. */
export type MetricsTraceId = string;

/** Owner */
export type MetricsOwnerEntry = {
  /** Name */
  name: MetricsLocaleTexts;
  /** E-mail */
  email: string;
};

/** Factor set */
export type MetricsFactorSet = {
  /** Name */
  name: MetricsLocaleTexts;
  /** Publisher */
  publisher: MetricsLocaleTexts;
  /** Version or year: As the publisher names it, e.g. 6.0.4 or 2023. */
  version: string;
};

/** Method: How the figure is calculated, and the factor sets it uses. */
export type MetricsMethod = {
  /** Traditional Chinese */
  zh_TW: string;
  /** English */
  en: string;
  /** Factor sets: The factor sets the calculation uses, each by its short id in the list of emission and conversion factors (grid-2023). */
  factors?: MetricsTraceId[];
};

/** Year: A year (2023), or default for the years not named. */
export type MetricsYearKey = string;

/** Metric */
export type MetricsMetric = {
  /** Metric id */
  id: MetricsMetricId;
  /** Topic */
  topic: MetricsTopic;
  /** Metric name */
  label: MetricsLocaleTexts;
  /** Unit */
  unit: MetricsUnitId;
  /** Decimals: Digits after the decimal point, in every locale (default 0). 486.52 has 2. */
  decimals?: number;
  /** Values by year: The figure of each reporting year, as a plain number (18886, not "18,886"; 46.65 for 46.65 %). */
  values: {
    [key: string]: number;
  };
  /** Boundary: Which sites or companies the figure covers. */
  boundary: MetricsLocaleTexts;
  /** Assurance: Who assured the figure and to what standard; leave out when it is not assured. */
  assurance?: {
    /** Assured by */
    by: MetricsLocaleTexts;
    /** Standard and level: The standard's name as each edition writes it, e.g. TWSAE 3000 limited assurance. */
    standard: MetricsLocaleTexts;
    /** Years assured: Only these years are assured; left empty, every year with a value is. */
    years?: number[];
  };
  /** GRI disclosures */
  gri?: string[];
  /** SASB metrics */
  sasb?: string[];
  /** Note: How the figure is calculated, shown on the data page. */
  note?: MetricsLocaleTexts;
  /** Owner: Who answers for the figure: the short id of one of the owners listed in this file (ehs). Where another unit answered for a year, give it by year: that year (2023) with its owner, and default with the owner of the other years. */
  owner?: MetricsTraceId | {
    [key: string]: MetricsTraceId;
  };
  /** Source: The system or document the figure is taken from. Where a year's source differs, give it by year: that year (2023) with its source, and default with the source of the other years. */
  source?: MetricsLocaleTexts | {
    [key: string]: MetricsLocaleTexts;
  };
  /** Method: How the figure is calculated, and the factor sets it uses. Where a year was calculated differently, give it by year: that year (2023) with its method, and default with the method of the other years. */
  method?: MetricsMethod | {
    [key: string]: MetricsMethod;
  };
  /** Evidence: For each year, the files that prove the figure (an inventory, meter readings, a statement), by their names among that year's evidence files; upload a new one under Source and evidence. Evidence is never published on the site: it goes only into the pack prepared for the assurer. */
  evidence?: {
    [key: string]: string[];
  };
  /** Sum of: The metric is the sum of these metrics (scope 1 + scope 2; the plants add up to the company). Checked every year they all have. */
  sum?: MetricsMetricId[];
  /** Share: The metric (a percent) is `part` as a share of `of`: part ÷ of × 100. */
  share?: {
    /** Part (numerator) */
    part: MetricsMetricId;
    /** Whole (denominator) */
    of: MetricsMetricId;
  };
  /** Intensity: The metric is `of` ÷ `per` × `scale` (emissions per NT$100 million of revenue). */
  intensity?: {
    /** Numerator */
    of: MetricsMetricId;
    /** Denominator */
    per: MetricsMetricId;
    /** Scale: Multiplies the quotient (default 1). */
    scale?: number;
  };
  /** Target: Makes the metric a target: its values are the milestones to reach (year: value), the last one the target, and it names the metric whose figures it tracks. Its status (achieved, on track, behind, no data yet) is computed from that metric's latest value (docs/figures.md, "Add a target"). */
  target?: {
    /** Tracks: The metric whose figures the target is measured by. */
    tracks: MetricsMetricId;
    /** Baseline: Where the path to the target starts: a year, and its value when the tracked metric has none for it. */
    baseline: {
      /** Year */
      year: number;
      /** Value: In the tracked metric's unit; by default its value in that year. */
      value?: number;
    };
    /** Direction: Whether the tracked figure must come down (reduce) or go up (increase). */
    direction: "reduce" | "increase";
    /** Change against the baseline: The milestones are per cent changes against the baseline (15 with reduce: 15 % below it), in unit percent. By default they are the level to reach, in the tracked metric's unit. */
    change?: boolean;
  };
  /** Restatement reasons: Why a figure of an earlier year differs from what the latest published edition (content/editions/<year>/metrics.json) gave for it, by year. Without a reason such a difference fails the build; with one, the figure is marked as restated and listed with the value first published (docs/figures.md, "Restate a figure"). */
  restated?: {
    [key: string]: MetricsLocaleTexts;
  };
  /** Tolerance: How far a sum, share or intensity may be from the declared value. By default, what the declared decimals of the figures involved allow. */
  tolerance?: number;
};

/** ESG metrics: content/metrics.yaml: every quantitative figure of the report, once. Pages and events name a metric and a year ({{metric-id 2024}}) instead of typing the number; the build formats it for each locale, draws the charts and writes /data/metrics.json and .csv. */
export type Metrics = {
  /** Units: How each unit is written in each locale. `percent` needs no entry: its values are shown with a % sign. A name with `{value}` places the figure: `NT${value} million` gives NT$43,018 million. */
  units: {
    [key: string]: MetricsLocaleTexts;
  };
  /** Owners: The departments and plant contacts who answer for the figures. Each is listed once, under a short id of lower-case letters (ehs, plant-tainan), with its name and e-mail; a metric names its owner by that id. */
  owners?: {
    [key: string]: MetricsOwnerEntry;
  };
  /** Emission and conversion factor sets: The published emission and conversion factors the calculation methods use. Each set is listed once, under a short id of lower-case letters (grid-2023), with its name, publisher and version or year. Only public facts go here. */
  factorSets?: {
    [key: string]: MetricsFactorSet;
  };
  /** Metrics */
  metrics: MetricsMetric[];
};

/** Performance page: The sustainability performance page (performance, performance/{tab}) and its 2024 edition (performance2024): three tabs of sections, each tab its own address. */
export type Performance = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Eyebrow */
  kicker?: Text;
  /** Lead */
  lead?: Text;
  /** Tabs: Exactly three tabs (governance and economy, environment, society); tab N is at /performance/N. */
  tabs: {
    /** Tab label */
    label: Text;
    /** Sections */
    sections: Section[];
  }[];
};

/** Stakeholder survey: content/<locale>/questionnaire.yaml: the survey's basic-information step (questionnaire/basic) and its 23 topics in four groups rated for concern 1–5 (questionnaire/questions). */
export type Questionnaire = {
  /** Survey name */
  title: string;
  /** Summary for search engines */
  description: string;
  /** Basic step */
  basic: {
    /** Step title */
    title: string;
    /** Step intro */
    intro: string;
    /** Label of the stakeholder identity list */
    identity: string;
    /** Identities */
    identities: {
      /** Identity id (stored with the answer) */
      id: string;
      /** Label */
      label: string;
    }[];
    /** Label of 'other' and its text field */
    other: string;
    /** Organisation field label */
    organisation: string;
    /** Name field label */
    name: string;
    /** E-mail field label */
    email: string;
    /** Marks an optional field */
    optional: string;
    /** Consent text */
    consent: string;
    /** Next button */
    next: string;
    /** Shown without JavaScript */
    needsJavaScript: string;
  };
  /** Rating step */
  questions: {
    /** Step title */
    title: string;
    /** Step intro */
    intro: string;
    /** Words for concern 1 to 5 */
    scale: string[];
    /** Rating progress: ICU message with {done} and {total}. */
    progress: string;
    /** Message next to a topic not yet rated */
    unrated: string;
    /** Submit button */
    submit: string;
    /** Back to the basic step */
    back: string;
    /** Shown when the basic step was skipped */
    missingBasic: string;
    /** Thank-you heading */
    thanksTitle: string;
    /** Thank-you text */
    thanksText: string;
    /** Home link */
    home: string;
  };
  /** Topic groups: governance (5 topics), economic (6), environmental (6), social (6), in this order. */
  groups: ({
    /** Group key */
    id: "governance" | "economic" | "environmental" | "social";
    /** Group name */
    name: string;
    /** Topics */
    questions: {
      /** Topic id (stored with the answer and used by esg forms stats) */
      id: string;
      /** Topic name */
      title: string;
      /** One line explaining the topic */
      tips: string;
    }[];
  })[];
};

/** Question tag */
export type QuizTag = "real estate" | "stainless steel" | "wire and cable" | "resources business";

/** Question */
export type QuizQuestion = {
  /** Question type: a: true or false (options 'true' and 'false'); b: which of two; c: which of three; d: a figure from the report (two or three options). */
  type: "a" | "b" | "c" | "d";
  /** Tag */
  tag: QuizTag;
  /** Question */
  question: string;
  /** Explanation: Shown after answering; line breaks are kept. */
  description: string;
  /** The right option: Must be exactly one of optionList. */
  answer: string;
  /** Options */
  optionList: string[];
};

/** ESG knowledge quiz: content/<locale>/qa.yaml: the quiz start page, its 19 questions, the result texts and bands, and the first-answer record form (pages qa/qa, qa/qa-form, qa/qa-result). */
export type Quiz = {
  /** Quiz name */
  title: string;
  /** Summary for search engines */
  description: string;
  /** Start page */
  start: {
    /** Heading */
    title: string;
    /** Introduction */
    subtitle: string;
    /** Start button */
    button: string;
    /** Shown without JavaScript */
    needsJavaScript: string;
  };
  /** Question page */
  form: {
    /** Question counter: ICU message with {current} and {total}. */
    progress: string;
    /** Next button */
    next: string;
    /** See results button (last question) */
    seeResults: string;
    /** How the option 'true' shows */
    trueLabel: string;
    /** How the option 'false' shows */
    falseLabel: string;
    /** Heading of the explanation */
    explanation: string;
  };
  /** Names of the question tags */
  tags: {
    /** Tag */
    tag: QuizTag;
    /** Shown as */
    label: string;
  }[];
  /** The 19 questions: At least 4 of type a, 4 of type b, 7 of type c and 2 of type d; the other two may be of any type. The answer must be one of the options. */
  questions: QuizQuestion[];
  /** Result page */
  result: {
    /** Heading */
    title: string;
    /** Correct count: ICU message with {correct} and {total}. */
    score: string;
    /** Play again button */
    again: string;
    /** Copy link button */
    copy: string;
    /** Back to homepage link */
    back: string;
    /** Band a (best) text */
    a: string;
    /** Band b text */
    b: string;
    /** Band c text */
    c: string;
    /** Closing line under every band */
    done: string;
    /** Shown when the result page is opened before the quiz is finished */
    unfinished: string;
    /** Link to the start from an unfinished result */
    restart: string;
  };
  /** Score thresholds: Band a from `a` correct answers, band b from `b`, band c below; 0 < b < a <= number of questions. */
  bands: {
    /** Band a from */
    a: number;
    /** Band b from */
    b: number;
  };
  /** First-answer record form on the result page (optional for the visitor) */
  record: {
    /** Form heading */
    title: string;
    /** Form intro */
    intro: string;
    /** Label of the identity list */
    identify: string;
    /** The identity list; the last one asks for manualIdentify */
    identities: string[];
    /** Label of the free identity field */
    manualIdentify: string;
    /** Company field label */
    company: string;
    /** Name field label */
    name: string;
    /** E-mail field label */
    email: string;
    /** Submit button */
    submit: string;
    /** Sent heading */
    sentTitle: string;
    /** Sent text */
    sentText: string;
  };
};

/** Assurance table */
export type ReportAccountingSet = {
  /** Table anchor */
  id: SectionId;
  /** Table title */
  title: Text;
  /** Note */
  note?: Text;
  /** GRI indicators */
  gri: ReportAccountingItems;
  /** SASB indicators */
  sasb: ReportAccountingItems;
  /** Company indicators */
  custom: ReportAccountingItems;
};

/** Assured items */
export type ReportAccountingItems = ReportAccountingItem[];

/** Assured item: An indicator with its description (content) or its values (list). */
export type ReportAccountingItem = {
  /** Indicator */
  title: Text;
  /** Description */
  content?: Text;
  /** Values */
  list?: Text[];
};

/** Third-party assurance (ACCOUNT1, ACCOUNT2): report/accounting: the assurance scope (ACCOUNT1) and the assured values (ACCOUNT2), each listing GRI, SASB and the company's own indicators. */
export type ReportAccounting = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Lead */
  lead?: Text;
  /** Assurance scope */
  ACCOUNT1: ReportAccountingSet;
  /** Assured values */
  ACCOUNT2: ReportAccountingSet;
};

/** Climate-related information index: report/climate: the recommended climate disclosures (governance, strategy, risk management, metrics and targets) and where the report covers them. */
export type ReportClimate = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Lead */
  lead?: Text;
  /** Index tables */
  sets: ReportIndexSet[];
};

/** Climate-related information item */
export type ReportExchangeClimateItem = {
  /** Item number */
  num: number;
  /** Item title */
  title: Text;
  /** What the company does */
  execution: {
    /** Text */
    text: Text;
    /** Points */
    list?: Text[];
    /** Second text */
    text2?: Text;
    /** Second points */
    list2?: Text[];
  };
  /** Report locations */
  chapter: ReportChapters;
  /** Remark */
  remark?: Text;
};

/** Greenhouse-gas table of one scope: The latest year (year, list) and the year before (year2, list2). */
export type ReportExchangeGhgTable = {
  /** Table anchor */
  id: SectionId;
  /** Table title */
  subtitle: Text;
  /** Latest year */
  year: number;
  /** Latest year rows */
  list: ReportExchangeGhgRow[];
  /** Year before */
  year2: number;
  /** Year before rows */
  list2: ReportExchangeGhgRow[];
  /** Note */
  note?: Text;
};

/** Emissions of one company or site */
export type ReportExchangeGhgRow = {
  /** Company or site */
  comp: Text;
  /** Emissions (t CO2e), as printed */
  total: Text;
  /** Intensity, with its unit */
  density: Text;
  /** Verification body */
  agency: Text;
  /** Verification status */
  situation: Text;
};

/** Stock-exchange disclosures (EXCHANGE): report/exchange: the exchange rule's article rows, the climate-related information items 1–9, and the greenhouse-gas scope 1, 2 and 3 tables. */
export type ReportExchange = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Lead */
  lead?: Text;
  /** Exchange rule items */
  exchange: {
    /** Table anchor */
    id: SectionId;
    /** Table title */
    title: Text;
    /** Note */
    note?: Text;
    /** Rows */
    rows: {
      /** Disclosure item */
      title: Text;
      /** Report locations */
      chapter: ReportChapters;
      /** Remark */
      remark?: Text;
      /** Tooltip */
      tooltip?: Text;
    }[];
  };
  /** Climate information */
  climate: {
    /** Table anchor */
    id: SectionId;
    /** Table title */
    title: Text;
    /** Items 1 to 9 */
    items: ReportExchangeClimateItem[];
  };
  /** Greenhouse-gas tables */
  ghg: {
    /** Section anchor */
    id: SectionId;
    /** Heading */
    title: Text;
    /** Note */
    note?: Text;
    /** Scope 1 */
    scope1: ReportExchangeGhgTable;
    /** Scope 2 */
    scope2: ReportExchangeGhgTable;
    /** Scope 3 */
    scope3: ReportExchangeGhgTable;
  };
};

/** GRI content index: report/gri: the statement of use and the GRI sets GRI1–GRI4 and GRIG4. */
export type ReportGri = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Lead */
  lead?: Text;
  /** Statement of use: The table above the index: statement of use, GRI 1 used, applicable sector standards. */
  statement: {
    /** Table anchor */
    id: SectionId;
    /** Table title */
    title: Text;
    /** Rows */
    rows: ReportTextRow[];
  };
  /** Index tables */
  sets: {
    /** General disclosures */
    GRI1: ReportIndexSet;
    /** Material topics */
    GRI2: ReportIndexSet;
    /** Material topic disclosures */
    GRI3: ReportIndexSet;
    /** Other topic disclosures */
    GRI4: ReportIndexSet;
    /** G4 sector disclosures */
    GRIG4: ReportIndexSet;
  };
};

/** SASB table */
export type ReportSasbSet = {
  /** Table anchor */
  id: SectionId;
  /** Table title */
  title: Text;
  /** Note */
  note?: Text;
  /** Metrics */
  groups: ReportSasbGroup[];
};

/** SASB metric: One metric: its code, its type, and its rows. Quantitative rows carry 2020–2024 values; discussion rows carry chapter links. */
export type ReportSasbGroup = {
  /** Metric code: RT-EE-130a.1, EM-IS-110a.2, or an activity metric such as EM-IS-000.A. */
  code: string;
  /** Metric type */
  type: "quantitative" | "discussion";
  /** Metric */
  subtitle: Text;
  /** Rows */
  rows: ReportSasbRow[];
  /** Assured: Whether the metric was assured (yes, partly, no): the answer for a SASB metric that no metric of the registry (content/metrics.yaml) answers. When registry metrics answer it (they list its code under sasb:), their assurance gives the answer instead. Default: no. */
  assured?: "yes" | "partly" | "no";
};

/** SASB row */
export type ReportSasbRow = {
  /** Row title */
  title: Text;
  /** 2020 value */
  data2020?: ReportSasbValue;
  /** 2021 value */
  data2021?: ReportSasbValue;
  /** 2022 value */
  data2022?: ReportSasbValue;
  /** 2023 value */
  data2023?: ReportSasbValue;
  /** 2024 value */
  data2024?: ReportSasbValue;
  /** Report locations */
  chapter?: ReportChapters;
  /** Remark */
  remark?: ReportRemark;
};

/** Value as printed: A display string with its unit: 5,812,340 GJ, 67.2%, 0 件. */
export type ReportSasbValue = string;

/** SASB index: report/sasb: the SASB sets SASB1–SASB5 (Electrical & Electronic Equipment RT-EE, Iron & Steel Producers EM-IS, activity metrics). */
export type ReportSasb = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Lead */
  lead?: Text;
  /** SASB tables */
  sets: {
    /** RT-EE table 1 */
    SASB1: ReportSasbSet;
    /** RT-EE table 2 */
    SASB2: ReportSasbSet;
    /** EM-IS table 1 */
    SASB3: ReportSasbSet;
    /** EM-IS table 2 */
    SASB4: ReportSasbSet;
    /** Activity metrics */
    SASB5: ReportSasbSet;
  };
};

/** Remark: A note shown under the item, such as who assured it or why it changed. */
export type ReportRemark = {
  /** Remark text */
  text: Text;
};

/** Omission: Why a disclosure is not reported: the requirement left out, one of GRI's four reasons, and an explanation. */
export type ReportOmission = {
  /** Requirement omitted */
  requirement?: Text;
  /** Reason: not-applicable, legal-prohibitions, confidentiality-constraints or information-unavailable (GRI 1, requirement 6). */
  reason: "not-applicable" | "legal-prohibitions" | "confidentiality-constraints" | "information-unavailable";
  /** Explanation */
  explanation: Text;
};

/** Report locations: The chapters (with printed page numbers) where the item is reported. */
export type ReportChapters = ChapterLink[];

/** Disclosure: One disclosure of an index: its number and title, and where it is reported or why it is omitted. */
export type ReportIndexItem = {
  /** Number: The standard's number, e.g. 2-1, 305-1 or MM3. */
  num: string;
  /** Disclosure title */
  title: Text;
  /** Report locations */
  chapter?: ReportChapters;
  /** Omission */
  omission?: ReportOmission;
  /** Remark */
  remark?: ReportRemark;
  /** Tooltip: A short explanation shown on hover, focus or tap (max 150 px wide). */
  tooltip?: Text;
  /** Tag: e.g. the material topic the disclosure belongs to. */
  tag?: string;
  /** Assured: Whether the disclosure was assured (yes, partly, no), for a disclosure no metric of content/metrics.yaml answers; otherwise the registry's assurance of those metrics says it. Default: no. */
  assured?: "yes" | "partly" | "no";
};

/** Group of disclosures */
export type ReportIndexGroup = {
  /** Subtitle: e.g. GRI 305: Emissions 2016. */
  subtitle?: Text;
  /** Tag: e.g. the material topic of the group. */
  tag?: string;
  /** Disclosures */
  items: ReportIndexItem[];
};

/** Index table: One table of an index page, with its own anchor and CSV download. */
export type ReportIndexSet = {
  /** Table anchor */
  id: SectionId;
  /** Table title */
  title: Text;
  /** Title tag: e.g. Material Topic. */
  titleTag?: string;
  /** Note */
  note?: Text;
  /** Disclosure groups */
  content: ReportIndexGroup[];
};

/** Labelled text */
export type ReportTextRow = {
  /** Label */
  label: Text;
  /** Text */
  text: Text;
};

/** Search page: Texts of the site search page (/search?query=…) and the five recommended searches, which the header's search popup shows too. `{count}` and `{query}` are filled in by the page. */
export type Search = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Label of the search box */
  inputLabel: Text;
  /** Placeholder of the search box */
  placeholder: Text;
  /** Search button */
  submit: Text;
  /** Shown while the index loads */
  loading: Text;
  /** Shown when the index cannot be loaded */
  loadFailed: Text;
  /** Result count: `{count}` is the number of sections found, `{pages}` the number of pages, `{query}` the query. A number may take its plural form: `{count, plural, one {# section} other {# sections}}`. */
  resultCount: Text;
  /** No results: `{query}` is the query. */
  noResults: Text;
  /** Advice under 'no results' */
  noResultsHint: Text;
  /** Shown before anything is searched */
  emptyHint: Text;
  /** Shown without JavaScript */
  needsJavaScript: Text;
  /** Note over partial matches: Shown when no page holds every word of the query, above the pages that hold the most of it. */
  partial: Text;
  /** Button that shows more results */
  more: Text;
  /** Heading of the related words offered when nothing matches: The words of the search vocabulary (content/synonyms.yaml) closest to the query, each a link that searches it. */
  closestHeading: Text;
  /** What each kind of result is called: Shown beside each result page, so a reader tells a focus topic from an event or a report index. */
  kinds: {
    /** A focus topic (focus/…) */
    focus: Text;
    /** Another topic page */
    topic: Text;
    /** An event */
    event: Text;
    /** A report index (GRI, SASB …) */
    report: Text;
    /** A page with a line on every topic (performance, targets, strategy and goals) */
    summary: Text;
    /** The report downloads */
    downloads: Text;
    /** A home page or a list */
    hub: Text;
  };
  /** Heading of the recommended searches */
  recommendedHeading: Text;
  /** Recommended searches: Exactly five, in this order: latest events, knowledge quiz, performance and honours, Covid-19 response, report download. A link to a page not built yet shows as plain text. */
  recommended: Link[];
};

/** Site settings: content/site.yaml: settings that hold for every locale. */
export type Site = {
  /** Organisation name: Used in the copyright line and structured data. */
  name: string;
  /** Corporate site: The company's main website; the header logo and the committee link open it in a new tab. */
  corporateUrl: string;
  /** Public base URL: Where this site is published, without a trailing slash; used for canonical links, hreflang and sitemap.xml. */
  baseUrl: string;
  /** Default locale: The locale used when none is chosen, and the one other locales fall back to. */
  defaultLocale: "zh_TW";
  /** Locales */
  locales: ({
    /** Locale code */
    code: "zh_TW" | "zh_CN" | "en";
    /** Content folder: The folder under content/ that holds this locale. */
    file: string;
    /** Language tag: BCP 47 tag for <html lang> and hreflang. */
    iso: "zh-Hant-TW" | "zh-Hans-CN" | "en";
    /** Name in the language dropdown */
    name: string;
    /** Short label on wide screens */
    alias: string;
  })[];
  /** Routes with an English edition: Route names that have English content. Every other /en/... address shows the 'English version under construction' notice and goes back. */
  englishRoutes: string[];
  /** Version label */
  version: string;
  /** Tag manager */
  tagManager: {
    /** Tag manager container id: Empty means no tag manager script is loaded. */
    containerId: string;
  };
  /** Forms */
  forms: {
    /** Forms endpoint: Path prefix the newsletter, quiz and survey forms post to. */
    endpoint: string;
  };
  /** Report files: The report editions offered for download, newest first. The first is linked from the footer. */
  reports: ({
    /** Report year */
    year: number;
    /** Kind of report: sustainability: a sustainability report; csr: the earlier corporate social responsibility reports. */
    kind: "sustainability" | "csr";
    /** Files */
    files: ({
      /** Language */
      language: "zh_TW" | "zh_CN" | "en";
      /** PDF file */
      file: AssetPath;
    })[];
  })[];
};

/** Site map link */
export type SitemapPage = {
  /** Label */
  page: string;
  /** Address */
  url: Url;
  /** Action instead of link */
  triggerAction?: "subscriber";
};

/** Footer sitemap: The three link groups in the footer. */
export type Sitemap = {
  /** Link groups */
  groups: {
    /** Heading */
    title: string;
    /** Key */
    name: string;
    /** Style class */
    class: string;
    /** Left column links */
    pagesL: SitemapPage[];
    /** Right column links */
    pagesR?: SitemapPage[];
  }[];
};

/** Tab */
export type SustainableTab = {
  /** Tab label */
  label: Text;
  /** Opening paragraph of the tab */
  lead: Text;
};

/** Text with a list: A sentence, optionally followed by bullet points. */
export type SustainableTextList = {
  /** Text */
  text: Text;
  /** Bullet points */
  list?: Text[];
};

/** SDG number */
export type SustainableSdgNumber = number;

/** Strategy: A line of action of a topic with its policy and its target. */
export type SustainableStrategy = {
  /** Strategy title */
  strategyTitle: Text;
  /** Policy and target */
  strategyContent: {
    /** Policy */
    policy: SustainableTextList;
    /** Target */
    target: SustainableTextList;
  };
};

/** Sustainability topic: One of the company's five sustainability topics, with its policy, target and related SDGs. */
export type SustainableTopic = {
  /** Number: Order of the topic, 1 to 5. */
  num: number;
  /** Topic name */
  title: Text;
  /** Subtitle */
  subtitle: Text;
  /** Description paragraphs */
  description: Text[];
  /** Strategies */
  content: {
    /** First strategy */
    strategy: SustainableStrategy;
    /** Second strategy */
    strategy2?: SustainableStrategy;
  };
  /** SDGs of the strategy */
  sdgs: SustainableSdgNumber[];
  /** SDGs of the second strategy */
  sdgs2?: SustainableSdgNumber[];
  /** Note */
  note?: Text;
};

/** SDG entry: One Sustainable Development Goal the company contributes to, with its targets, 2024 benefits and report chapters. */
export type SustainableGoal = {
  /** SDG number */
  num: SustainableSdgNumber;
  /** SDG name */
  title: Text;
  /** SDG description */
  description: Text;
  /** Strategies */
  content: {
    /** Strategies */
    strategy: SustainableGoalStrategy[];
  };
};

/** SDG strategy */
export type SustainableGoalStrategy = {
  /** Strategy title */
  strategyTitle: Text;
  /** Targets */
  target: SustainableGoalTarget[];
};

/** Target */
export type SustainableGoalTarget = {
  /** Target */
  text: Text;
  /** Target details */
  list?: Text[];
  /** Benefits and chapters */
  targetContent: SustainableTargetContent[];
};

/** Benefit and chapters */
export type SustainableTargetContent = {
  /** 2024 benefit */
  benefit: SustainableTextList;
  /** Report chapters */
  chapter: ChapterLink[];
};

/** Sustainable development page: The sustainable/{tab} page: tab 1 the five company sustainability topics, tab 2 the SDG mapping. */
export type Sustainable = {
  /** Page title */
  title: Text;
  /** Summary: One or two sentences for search engines and link previews. */
  description: Text;
  /** Eyebrow */
  kicker?: Text;
  /** Tabs: Tab 1 lists the topics, tab 2 the SDG mapping; each tab is its own address (/sustainable/1, /sustainable/2). */
  tabs: SustainableTab[];
  /** Company sustainability topics */
  topics: SustainableTopic[];
  /** SDG mapping */
  goals: SustainableGoal[];
};

/** Term: A word or short phrase as a reader would type it: 1 to 30 characters, with no space at either end. */
export type SynonymsTerm = string;

/** Synonym group: Words that mean the same to a reader. The first Chinese and the first English term are the report's own wording; the others are the short forms, synonyms and near-synonyms a reader might type instead. */
export type SynonymsGroup = {
  /** Topic: Which part of the report the words belong to; the file lists its groups by topic. */
  topic: "energy" | "emissions" | "water" | "waste" | "safety" | "people" | "governance" | "supply" | "community" | "product" | "reporting";
  /** Chinese terms: Traditional Chinese (Taiwan) terms, the report's own wording first. Latin codes Taiwanese readers type (GHG, REC, FR) may be listed here too. zh_CN searches use them converted to Simplified. */
  zh: SynonymsTerm[];
  /** English terms: English terms, the report's own wording first. */
  en: SynonymsTerm[];
};

/** Word pair: [Taiwan word, mainland word], both in Traditional characters. */
export type SynonymsVariant = SynonymsTerm[];

/** Search synonyms: content/synonyms.yaml: the vocabulary of site search. Each group lists words that mean the same to a reader, so that a visitor's word finds the report's word: a search for any term of a group also finds the pages that use the others, scored a little lower than the typed word. `variants` pairs a Taiwan word with the mainland word for the same thing, for what the Traditional→Simplified conversion does not already map. */
export type Synonyms = {
  /** Synonym groups: Groups of interchangeable words, listed by topic. A term belongs to one group only. */
  groups: SynonymsGroup[];
  /** Taiwan and mainland words: Pairs of [Taiwan word, mainland word], both in Traditional characters: 品質 and 質量, 永續 and 可持續. Only pairs the Taiwan-phrase table of the Traditional→Simplified conversion does not hold already. */
  variants?: SynonymsVariant[];
};

/** Global Compact entry: A principle group: human rights, labour, environment or anti-corruption. */
export type UngcEntry = {
  /** Number */
  num: number;
  /** Group name */
  title: Text;
  /** Group description */
  description: Text;
  /** Principles: The group's principles, one a line. */
  unoprinciple: Text[];
  /** 2024 benefit */
  unobenefit: {
    /** Benefit summary */
    text: Text;
    /** Benefit details */
    list?: Text[];
  };
  /** Report chapters */
  unochapter: ChapterLink[];
};

/** UN Global Compact page: The report/UNGC-support page: the four principle groups (human rights, labour, environment, anti-corruption) with principles, 2024 benefits and report chapters. */
export type Ungc = {
  /** Page title */
  title: Text;
  /** Summary */
  description: Text;
  /** Eyebrow */
  kicker?: Text;
  /** Lead */
  lead?: Text;
  /** Principle groups */
  groups: UngcEntry[];
};

/** The type of the documents of each schema, by schema name: what loading a content kind gives. */
export interface ContentTypes {
  "article": Article;
  "book": Book;
  "components": Components;
  "downloads": Downloads;
  "edition": Edition;
  "event": Event;
  "forms-quiz": FormsQuiz;
  "forms-subscribe": FormsSubscribe;
  "forms-survey": FormsSurvey;
  "home": Home;
  "materiality": Materiality;
  "menu": Menu;
  "messages": Messages;
  "metrics": Metrics;
  "performance": Performance;
  "questionnaire": Questionnaire;
  "quiz": Quiz;
  "report-accounting": ReportAccounting;
  "report-climate": ReportClimate;
  "report-exchange": ReportExchange;
  "report-gri": ReportGri;
  "report-sasb": ReportSasb;
  "search": Search;
  "site": Site;
  "sitemap": Sitemap;
  "sustainable": Sustainable;
  "synonyms": Synonyms;
  "ungc": Ungc;
}

/** A schema whose documents are content (or form bodies): `article`, `forms-quiz`. */
export type SchemaName = keyof ContentTypes;
