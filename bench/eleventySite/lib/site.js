// The Eleventy comparison site's data step: reads the corpus YAML (content/, beside this project's
// src/) with the `yaml` package once per build, zh_CN converted from zh_TW, figures written out.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import YAML from 'yaml';
import { dataWithFigures, fileBytes, localeMetrics, simplifiedData, translator } from './text.js';

export const projectDir = resolve(import.meta.dirname, '..');
export const contentDir = join(projectDir, 'content');
/** Where /assets/… lies (the input folder holds the copied assets). */
export const assetsParent = join(projectDir, 'src');

const readYaml = (path) => YAML.parse(readFileSync(join(contentDir, path), 'utf8'));
const yamlFiles = (folder) => {
  try {
    return readdirSync(join(contentDir, folder)).filter((name) => name.endsWith('.yaml')).sort();
  } catch {
    return [];
  }
};

/** The article routes (content/<locale>/pages/*.yaml and focus/<group>/<topic>.yaml). */
function articlesOf(locale) {
  const articles = yamlFiles(`${locale}/pages`).map((name) => ({ route: basename(name, '.yaml'), data: readYaml(`${locale}/pages/${name}`) }));
  let groups = [];
  try {
    groups = readdirSync(join(contentDir, locale, 'focus')).sort();
  } catch {
    // no focus pages in this locale
  }
  for (const group of groups) {
    for (const name of yamlFiles(`${locale}/focus/${group}`)) articles.push({ route: `focus/${group}/${basename(name, '.yaml')}`, data: readYaml(`${locale}/focus/${group}/${name}`) });
  }
  return articles;
}

let loaded;

/** Everything the pages need besides the events (which Eleventy reads as Markdown templates). */
export function loadSite() {
  if (loaded) return loaded;
  const site = readYaml('site.yaml');
  const registry = readYaml('metrics.yaml');
  const written = {
    zh_TW: { messages: readYaml('zh_TW/messages.yaml'), menu: readYaml('zh_TW/menu.yaml'), sitemap: readYaml('zh_TW/sitemap.yaml'), home: readYaml('zh_TW/home.yaml'), articles: articlesOf('zh_TW') },
    en: { messages: readYaml('en/messages.yaml'), menu: readYaml('en/menu.yaml'), sitemap: readYaml('en/sitemap.yaml'), home: readYaml('en/home.yaml'), articles: articlesOf('en') },
  };
  // zh_CN is the zh_TW content converted, as esg makes it.
  written.zh_CN = simplifiedData(written.zh_TW);
  const locales = {};
  const metricsOf = {};
  for (const { code, iso, name, alias } of site.locales) {
    const metrics = localeMetrics(registry, code);
    metricsOf[code] = metrics;
    const source = written[code];
    const newest = site.reports[0].year;
    const edition = site.reports.filter((report) => report.year === newest).flatMap((report) => report.files.map((file) => ({ ...file, year: report.year })));
    const report = edition.find((file) => file.language === code) ?? edition.find((file) => file.language === 'zh_TW') ?? edition[0];
    locales[code] = {
      code,
      iso,
      name,
      alias,
      messages: source.messages,
      menu: source.menu.items,
      sitemap: source.sitemap.groups,
      home: dataWithFigures(source.home, metrics, iso),
      articles: source.articles.map((article) => ({ route: article.route, data: dataWithFigures(article.data, metrics, iso) })),
      report: report && { href: report.file, year: report.year, bytes: fileBytes(join(assetsParent, report.file)) },
    };
  }
  const englishRoutes = new Set(site.englishRoutes);
  const englishArticles = new Set(locales.en.articles.map((article) => article.route));
  loaded = {
    baseUrl: site.baseUrl,
    corporateUrl: site.corporateUrl,
    version: site.version,
    formsEndpoint: site.forms.endpoint,
    defaultLocale: site.defaultLocale,
    codes: site.locales.map((locale) => locale.code),
    locales,
    metricsOf,
    englishRoutes: [...englishRoutes],
    // One page per locale and article: zh_TW and zh_CN always, English where it is written.
    articles: ['zh_TW', 'zh_CN', 'en'].flatMap((code) => locales[code].articles.map((article) => ({ code, route: article.route, data: article.data }))),
    /** Article routes without an English edition: /en/<route> is the English guard. */
    guardRoutes: locales.zh_TW.articles.map((article) => article.route).filter((route) => !englishArticles.has(route)),
  };
  return loaded;
}

const translators = new Map();
/** The locale's message translator. */
export function translatorOf(code) {
  let t = translators.get(code);
  if (!t) {
    const locale = loadSite().locales[code];
    translators.set(code, (t = translator(locale.messages, locale.iso)));
  }
  return t;
}
