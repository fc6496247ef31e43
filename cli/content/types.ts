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
  hero?: Image;
  /** Tags */
  tags?: string[];
  sections: Section[];
  /** Signature */
  signature?: {
    name: Text;
    role: Text;
  };
};

/** Text: Visible text. Blank lines separate paragraphs where a block allows several. */
export type Text = string;

/** Link address: A site path such as /report/gri or /focus/climate/energy?focus=focus213 (the locale is added for you), a #anchor, or a full https:// address. */
export type Url = string;

/** Asset file: A file under content/assets, written from the site root. */
export type AssetPath = string;

/** Section id: The anchor of a section, used by #hash and ?focus= links. Letters, digits and dashes. */
export type SectionId = string;

/** Image */
export type Image = {
  src: AssetPath;
  /** Alternative text: What the picture shows, for people who cannot see it. Empty only for decoration. */
  alt: string;
  caption?: Text;
};

/** Link */
export type Link = {
  text: Text;
  url: Url;
  /** Target: _blank opens a new tab. */
  target?: "_blank";
};

/** Chapter link: A link to the report chapter that covers an item, with the printed page number where there is one. */
export type ChapterLink = {
  text: Text;
  url: Url;
  /** Printed page */
  page?: number;
};

/** Key figure: A number shown large, with its unit and a short label. */
export type Figure = {
  /** Value: As printed, e.g. 84.6 or 18,886 or NT$100,000. */
  value: string;
  /** Unit */
  unit?: string;
  label: Text;
  note?: Text;
};

/** Content block: One piece of an article section. The `type` says which kind. */
export type Block = TextBlock | ListBlock | FiguresBlock | TableBlock | QuoteBlock | ImageBlock | LinksBlock | PeopleBlock;

/** Paragraphs */
export type TextBlock = {
  type: "text";
  text: Text;
};

/** Bulleted or numbered list */
export type ListBlock = {
  type: "list";
  title?: Text;
  ordered?: boolean;
  items: Text[];
};

/** Key figures */
export type FiguresBlock = {
  type: "figures";
  items: Figure[];
};

/** Table */
export type TableBlock = {
  type: "table";
  caption: Text;
  head: string[];
  rows: string[][];
  note?: Text;
};

/** Quotation */
export type QuoteBlock = {
  type: "quote";
  text: Text;
  cite?: Text;
};

/** Picture */
export type ImageBlock = {
  type: "image";
  image: Image;
};

/** Chapter links */
export type LinksBlock = {
  type: "links";
  title?: Text;
  items: ChapterLink[];
};

/** People: Members of a committee or a team. */
export type PeopleBlock = {
  type: "people";
  items: {
    name: Text;
    role: Text;
    text?: Text;
  }[];
};

/** Section: A part of a page under its own heading. Sub-sections nest one level. */
export type Section = {
  id?: SectionId;
  heading: Text;
  /** Tags: Material topics or SDGs this section speaks to. */
  tags?: string[];
  blocks: Block[];
  subsections?: {
    id?: SectionId;
    heading: Text;
    blocks: Block[];
  }[];
};

/** Report download page: Texts of the report-download page. The files themselves are listed in site.yaml under `reports`; their sizes are read from the files at build time. */
export type Downloads = {
  title: Text;
  description: Text;
  lead: Text;
  latestHeading: Text;
  archiveHeading: Text;
  note?: Text;
};

/** Event: The front matter of one event file (events/<id>.md). The Markdown below it is the event's story. */
export type Event = {
  /** Event id: Part of the address /event/<id>: lower-case letters, digits and dashes, the same in every locale. */
  id: string;
  /** Date: The day of the event, as YYYY-MM-DD. */
  date: string;
  title: Text;
  /** Summary: One or two sentences shown in lists. */
  summary: Text;
  /** Cover image */
  cover: AssetPath;
  /** Cover description */
  coverAlt?: string;
  /** Category */
  category: "governance" | "environment" | "society" | "employees" | "suppliers";
  place?: Text;
  /** External link */
  link?: string;
};

export type HomeFigureGroup = {
  heading: Text;
  text?: Text;
  items: Figure[];
};

/** Home page: The home page of one report year: banners, performance figures, awards, latest events, annual projects and the questionnaire invitation. home.yaml is the 2025 design; index2024.yaml and index2023.yaml keep the earlier ones. */
export type Home = {
  title: Text;
  description: Text;
  /** Design year: Which home design this file uses. */
  design: 2023 | 2024 | 2025;
  banners: {
    title: Text;
    text: Text;
    image: Image;
    link?: Link;
  }[];
  performance: HomeFigureGroup;
  highlights: HomeFigureGroup;
  awards: {
    heading: Text;
    items: {
      year: number;
      title: Text;
      issuer: Text;
    }[];
  };
  /** Latest events: The three newest events are shown. List ids under `pinned` to show those instead. */
  events: {
    heading: Text;
    more: Link;
    pinned?: string[];
  };
  /** Annual projects */
  projects: {
    heading: Text;
    items: {
      title: Text;
      text: Text;
      url: Url;
      image: Image;
    }[];
  };
  /** Questionnaire invitation */
  questionnaire: {
    heading: Text;
    text: Text;
    link: Link;
  };
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
  children?: MenuEntry[];
};

/** Main menu: The categories of the main menu and their entries. */
export type Menu = {
  items: MenuEntry[];
};

/** UI messages: Every text of buttons, notices and errors, as ICU messages (intl-messageformat). Keys are fixed; a missing key is an error in zh_TW. */
export type Messages = {
  "site.name": string;
  "site.slogan": string;
  "site.copyright": string;
  "site.version": string;
  "skip.toContent": string;
  "header.logo": string;
  "header.home": string;
  "header.menuOpen": string;
  "header.menuClose": string;
  "header.search": string;
  "header.newWindow": string;
  "language.label": string;
  "language.current": string;
  "footer.sitemap": string;
  "footer.download": string;
  "footer.downloadMeta": string;
  "notFound.title": string;
  "notFound.text": string;
  "notFound.back": string;
  "error.title": string;
  "error.render": string;
  "error.errorPage": string;
  "error.home": string;
  "english.notice": string;
  "english.noticeText": string;
  "english.confirm": string;
  "english.guardTitle": string;
  "english.guardText": string;
  "english.guardLink": string;
  "redirect.title": string;
  "redirect.link": string;
  "home.latestEvents": string;
  "home.readMore": string;
  "home.newWindow": string;
  "home.bannerLabel": string;
  "home.previous": string;
  "home.next": string;
  "download.year": string;
  "download.language": string;
  "download.size": string;
  "download.file": string;
  "download.fileLabel": string;
  "download.latest": string;
  "lang.zh_TW": string;
  "lang.zh_CN": string;
  "lang.en": string;
  "newsletter.open": string;
  "article.signature": string;
  "article.tags": string;
  "event.date": string;
  "event.place": string;
  "download.kind.sustainability": string;
  "download.kind.csr": string;
  "event.listTitle": string;
  "event.listDescription": string;
  "event.count": string;
  "event.filterLabel": string;
  "event.allYears": string;
  "event.year": string;
  "event.category": string;
  "event.category.governance": string;
  "event.category.environment": string;
  "event.category.society": string;
  "event.category.employees": string;
  "event.category.suppliers": string;
  "event.externalLink": string;
  "event.others": string;
  "event.backToList": string;
  "event.oopsTitle": string;
  "event.oopsText": string;
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
  locales: ({
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
  tagManager: {
    /** Tag manager container id: Empty means no tag manager script is loaded. */
    containerId: string;
  };
  forms: {
    /** Forms endpoint: Path prefix the newsletter, quiz and survey forms post to. */
    endpoint: string;
  };
  /** Report files: The report editions offered for download, newest first. The first is linked from the footer. */
  reports: ({
    year: number;
    /** Kind of report: sustainability: a sustainability report; csr: the earlier corporate social responsibility reports. */
    kind: "sustainability" | "csr";
    files: ({
      language: "zh_TW" | "zh_CN" | "en";
      file: AssetPath;
    })[];
  })[];
};

export type SitemapPage = {
  /** Label */
  page: string;
  url: Url;
  triggerAction?: "subscriber";
};

/** Footer sitemap: The three link groups in the footer. */
export type Sitemap = {
  groups: {
    /** Heading */
    title: string;
    /** Key */
    name: string;
    class: string;
    pagesL: SitemapPage[];
    pagesR?: SitemapPage[];
  }[];
};
