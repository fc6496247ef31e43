// The Eleventy comparison site's markup: esg's page shell (head, header with the menu, footer with
// the sitemap groups, overlays) and its page bodies (event, event list, home, article, English
// guard), as JavaScript template functions producing the same elements and text.
import { assetsParent, loadSite, translatorOf } from './site.js';
import { fileSize, formatDate, formatValue, imageSize } from './text.js';

const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** Text or an attribute value, escaped. */
export const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => entities[c]);
/** An island's props, as esg writes them: a JSON script just before the island, its `<` escaped. */
const props = (value) => `<script type="application/json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** `/zh_TW/event/x` from a site path `/event/x` (home: `/zh_TW`). */
export const href = (code, to) => (to === '/' || to === '' ? `/${code}` : `/${code}${to}`);
/** A page's path from its route name ('' is the home page). */
export const pathOf = (code, route) => (route ? `/${code}/${route}` : `/${code}`);

/** The page's versions in the three locales; English only where it exists. */
export function alternatesOf(route, englishAvailable) {
  const { locales, codes } = loadSite();
  return codes.map((code) => ({ code, iso: locales[code].iso, alias: locales[code].alias, path: pathOf(code, route), available: code !== 'en' || englishAvailable }));
}

/** Whether /en/<route> is an English page (site.yaml's englishRoutes) rather than the guard. */
export function englishRoute(route) {
  const { englishRoutes } = loadSite();
  return englishRoutes.includes(route);
}

// ——— the shell ———

const stylesheet = '/assets/site.css';
const client = '/assets/client.js';

/**
 * A whole page. `page`: { code, route, head: { title, description }, main, alternates, preload? }.
 */
export function shell(page) {
  const site = loadSite();
  const locale = site.locales[page.code];
  const t = translatorOf(page.code);
  const path = pathOf(page.code, page.route);
  const canonical = site.baseUrl + path;
  const fullTitle = page.route === '' ? t('site.name') : `${page.head.title} | ${t('site.name')}`;
  const available = page.alternates.filter((alternate) => alternate.available);
  const fallback = page.alternates.find((alternate) => alternate.code === site.defaultLocale)?.path ?? path;
  const ogLocale = locale.iso.replace('zh-Hant-TW', 'zh_TW').replace('zh-Hans-CN', 'zh_CN').replace(/^en$/, 'en_US');
  return `<!DOCTYPE html><html lang="${locale.iso}" class="locale-${page.code}" data-route="${esc(page.route || 'index')}"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>${(page.preload ?? []).map((src) => `<link rel="preload" as="image" href="${esc(src)}"${src === '/assets/images/logo.svg' ? '' : ' fetchPriority="high"'}/>`).join('')}<title>${esc(fullTitle)}</title><meta name="description" content="${esc(page.head.description)}"/><link rel="canonical" href="${esc(canonical)}"/>${available.map((alternate) => `<link rel="alternate" hrefLang="${alternate.iso}" href="${esc(site.baseUrl + alternate.path)}"/>`).join('')}<link rel="alternate" hrefLang="x-default" href="${esc(site.baseUrl + fallback)}"/><meta property="og:type" content="website"/><meta property="og:site_name" content="${esc(t('site.name'))}"/><meta property="og:title" content="${esc(page.head.title)}"/><meta property="og:description" content="${esc(page.head.description)}"/><meta property="og:url" content="${esc(canonical)}"/><meta property="og:locale" content="${ogLocale}"/><meta name="theme-color" content="#0f5c55"/><link rel="icon" href="/assets/images/logo.svg" type="image/svg+xml"/><link rel="stylesheet" href="${stylesheet}"/><script type="module" src="${client}"></script></head><body${page.bodyClass ? ` class="${page.bodyClass}"` : ''}><a class="skip-link" href="#main">${esc(t('skip.toContent'))}</a>${header(page, path)}<main id="main" tabindex="-1" data-pagefind-body="">${page.main}</main>${footer(page.code)}${overlays(page.code, path)}</body></html>`;
}

function header(page, path) {
  const site = loadSite();
  const { code } = page;
  const t = translatorOf(code);
  const locale = site.locales[code];
  const items = locale.menu.map(function link(entry) {
    return { name: entry.name, href: entry.to ? href(code, entry.to) : undefined, target: entry.target, important: entry.important, action: entry.triggerAction, className: entry.class, children: entry.children?.map(link) };
  });
  const current = items.some((item) => item.children?.some((child) => child.href === path)) ? path : '';
  const labels = { menu: t('a11y.mainMenu'), open: t('header.menuOpen'), close: t('header.menuClose'), newWindow: t('header.newWindow') };
  const menuHtml = `<nav class="main-menu" aria-label="${esc(labels.menu)}"><a class="menu-toggle" href="#site-menu" role="button" aria-controls="site-menu" aria-expanded="false"><span class="icon-bars" aria-hidden="true"></span><span class="visually-hidden">${esc(labels.open)}</span></a><div id="site-menu" class="menu-panel"><a class="menu-close" href="#" role="button"><span aria-hidden="true">×</span><span class="visually-hidden">${esc(labels.close)}</span></a><ul class="menu-categories">${items
    .map(
      (item) =>
        `<li class="menu-category ${esc(item.className ?? '')}${current && item.children?.some((child) => child.href === current) ? ' is-current' : ''}"><button type="button" class="menu-category-button" aria-expanded="false">${esc(item.name)}</button><ul class="submenu">${(item.children ?? [])
          .map((child) => `<li${child.important ? ' class="is-important"' : ''}>${child.action ? `<button type="button" class="submenu-action">${esc(child.name)}</button>` : `<a href="${esc(child.href)}"${child.href === current ? ' aria-current="page"' : ''}>${esc(child.name)}</a>`}</li>`)
          .join('')}</ul></li>`,
    )
    .join('')}</ul></div><div class="menu-mask" aria-hidden="true"></div></nav>`;
  const searchAction = href(code, '/search');
  const suggestions = ['events', 'quiz', 'performance', 'covid19', 'download'].map((key) => {
    const text = t(`shell.searchSuggestion.${key}`);
    return { text, href: `${searchAction}?${new URLSearchParams({ query: text })}` };
  });
  const search = { action: searchAction, suggestions, texts: { open: t('header.search'), label: t('shell.searchLabel'), placeholder: t('shell.searchPlaceholder'), submit: t('shell.searchSubmit'), clear: t('shell.searchClear'), close: t('shell.searchClose'), suggestions: t('shell.searchSuggestions') } };
  // Each language named in the page's own language (messages `lang.<code>`).
  const options = page.alternates.map(({ code: c, iso, alias, path: p, available }) => ({ code: c, iso, name: t(`lang.${c}`), alias, href: p, available }));
  const languages = { current: code, label: t('language.label'), options };
  const current2 = options.find((option) => option.code === code);
  return `<header class="${page.route === '' ? 'site-header is-home' : 'site-header'}"><div class="header-bar"><a class="logo" href="${esc(site.corporateUrl)}" target="_blank" rel="noopener"><img src="/assets/images/logo.svg" alt="${esc(t('header.logo'))}" width="40" height="40"/></a><a class="slogan" href="/${code}"><span class="slogan-name">${esc(t('site.name'))}</span><span class="slogan-text">${esc(t('site.slogan'))}</span></a>${props({ items, currentPath: current, labels })}<div class="menu-island" data-island="Menu">${menuHtml}</div>${props(search)}<div class="search-island" data-island="SearchPopup"><a class="search-toggle" href="${esc(searchAction)}" role="button" aria-haspopup="dialog" aria-expanded="false"><span class="icon-search" aria-hidden="true"></span><span class="visually-hidden">${esc(search.texts.open)}</span></a></div>${props(languages)}<div class="lang-island" data-island="LanguageSwitch"><details class="lang-switch"><summary aria-label="${esc(`${languages.label}: ${current2.name}`)}"><span class="icon-globe" aria-hidden="true"></span><span class="lang-name">${esc(current2.name)}</span><span class="lang-alias" aria-hidden="true">${esc(current2.alias)}</span></summary><ul class="lang-options">${options
    .map((option) => `<li><a href="${esc(option.href)}" hrefLang="${option.iso}" lang="${option.iso}"${option.code === code ? ' aria-current="true"' : ''}>${esc(option.name)}</a></li>`)
    .join('')}</ul></details></div></div></header>`;
}

function footer(code) {
  const site = loadSite();
  const locale = site.locales[code];
  const t = translatorOf(code);
  const link = (item) => (item.triggerAction ? `<li><button type="button" class="sitemap-action" data-menu-action="${esc(item.triggerAction)}">${esc(item.page)}</button></li>` : `<li><a href="${esc(href(code, item.url))}">${esc(item.page)}</a></li>`);
  const report = locale.report;
  const download = report ? `<a class="footer-download" href="${esc(report.href)}" download=""><span class="icon-download" aria-hidden="true"></span>${esc(t('footer.download', { year: report.year }))}<span class="footer-download-meta">${esc(t('footer.downloadMeta', { size: fileSize(report.bytes, locale.iso) }))}</span></a>` : '';
  return `<footer class="site-footer"><nav class="footer-sitemap" aria-label="${esc(t('footer.sitemap'))}" id="sitemap">${locale.sitemap
    .map((group) => `<section class="sitemap-group ${esc(group.class)}"><h2>${esc(group.title)}</h2><div class="sitemap-columns"><ul>${group.pagesL.map(link).join('')}</ul>${group.pagesR ? `<ul>${group.pagesR.map(link).join('')}</ul>` : ''}</div></section>`)
    .join('')}</nav><div class="footer-bottom">${download}<p class="copyright">${esc(t('site.copyright', { year: new Date().getFullYear(), name: t('site.name') }))}</p><p class="version">${esc(t('site.version', { version: site.version }))}</p></div></footer>`;
}

const shareTargets = [
  ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
  ['LINE', 'https://social-plugins.line.me/lineit/share?url='],
  ['X', 'https://x.com/intent/post?url='],
  ['LinkedIn', 'https://www.linkedin.com/sharing/share-offsite/?url='],
];

function overlays(code, path) {
  const site = loadSite();
  const t = translatorOf(code);
  const english = translatorOf('en');
  const address = encodeURIComponent(site.baseUrl + path);
  const modals = {
    englishPage: code === 'en',
    english: { title: english('english.notice'), confirm: english('english.confirm'), returned: english('english.noticeText'), unavailable: english('english.guardText'), partial: english('shell.englishVisit') },
    translation: code === 'en' ? undefined : { lang: site.locales[code].iso, title: t('english.notice'), returned: t('english.noticeText'), unavailable: t('english.guardText') },
    subscriber: {
      endpoint: site.formsEndpoint,
      locale: code,
      texts: Object.fromEntries(['title', 'intro', 'email', 'name', 'consent', 'submit', 'close', 'finishedTitle', 'finishedText', 'duplicateText', 'done'].map((key) => [key, t(`newsletter.${key}`, { email: '{email}' })])),
      forms: Object.fromEntries(['sending', 'failed', 'retry', 'busy', 'rejected', 'required', 'emailInvalid', 'consentRequired', 'optional'].map((key) => [key, t(`forms.${key}`)])),
    },
  };
  return `<aside class="floating-buttons" aria-label="${esc(t('a11y.pageTools'))}"><a class="floating-button floating-quiz" href="${href(code, '/qa/qa')}"><span class="icon-quiz" aria-hidden="true">?</span><span class="visually-hidden">${esc(t('shell.quiz'))}</span></a><details class="share-menu"><summary class="floating-button"><span class="icon-share" aria-hidden="true"></span><span class="visually-hidden">${esc(t('shell.share'))}</span></summary><ul class="share-targets">${shareTargets
    .map(([network, target]) => `<li><a href="${esc(target + address)}" data-share="${esc(target)}" target="_blank" rel="noopener" aria-label="${esc(t('shell.shareOn', { network }))}">${network}</a></li>`)
    .join('')}</ul></details><a class="floating-button to-top" href="#"><span class="icon-up" aria-hidden="true"></span><span class="visually-hidden">${esc(t('shell.toTop'))}</span></a></aside><p class="offline-notice" role="status" hidden="" data-back-online="${esc(t('shell.backOnline'))}">${esc(t('shell.offline'))}</p>${props(modals)}<div class="modal-island" data-island="ModalHost"></div><template id="widget-error"><p class="widget-error" role="alert">${esc(t('error.render'))}</p></template>`;
}

// ——— images ———

function img({ src, alt, className, priority }) {
  const { width, height } = imageSize(assetsParent, src);
  const loading = priority ? ' fetchPriority="high"' : ' loading="lazy" decoding="async"';
  return `<img${className ? ` class="${className}"` : ''} src="${esc(src)}" alt="${esc(alt ?? '')}"${width ? ` width="${width}"` : ''}${height ? ` height="${height}"` : ''}${loading}/>`;
}

function picture(image, className, priority) {
  const frame = ['picture', className].filter(Boolean).join(' ');
  const inner = img({ src: image.src, alt: image.alt, priority });
  return image.caption ? `<figure class="${frame}">${inner}<figcaption>${esc(image.caption)}</figcaption></figure>` : `<div class="${frame}">${inner}</div>`;
}

/** A link to a page of the site (`/about` → `/zh_TW/about`) or elsewhere; `newTab` says so to screen readers. */
function siteLink(code, url, text, attributes = '', newTab = false) {
  const external = !url.startsWith('/');
  const label = newTab || external ? `<span class="visually-hidden">${esc(translatorOf(code)('header.newWindow'))}</span>` : '';
  return `<a${attributes} href="${esc(external ? url : href(code, url))}"${newTab || external ? ' target="_blank" rel="noopener"' : ''}>${text}${label}</a>`;
}

// ——— events ———

/** An event as the pages use it: { id, date, title, summary, cover, coverAlt, category, place, link, html }. */
export function eventCard(code, event) {
  const t = translatorOf(code);
  const { iso } = loadSite().locales[code];
  return `<article class="event-card" data-search-skip="">${img({ src: event.cover, alt: event.coverAlt })}<div class="event-card-text"><p class="event-card-meta"><time dateTime="${event.date}">${esc(formatDate(event.date, iso))}</time><span class="event-category">${esc(t(`event.category.${event.category}`))}</span></p><h3><a href="${href(code, `/event/${event.id}`)}">${esc(event.title)}</a></h3><p>${esc(event.summary)}</p></div></article>`;
}

export const eventCards = (code, events) => `<ul class="event-cards">${events.map((event) => `<li>${eventCard(code, event)}</li>`).join('')}</ul>`;

/** /<locale>/event/<id>: facts, cover, story, the three newest other events. */
export function eventPage(code, event, others, englishAvailable) {
  const t = translatorOf(code);
  const { iso } = loadSite().locales[code];
  const route = `event/${event.id}`;
  const main = `<article class="article event-detail"><header class="page-header"><p class="kicker"><a href="${href(code, '/event')}">${esc(t('event.listTitle'))}</a></p><h1>${esc(event.title)}</h1><dl class="event-facts"><div><dt>${esc(t('event.date'))}</dt><dd><time dateTime="${event.date}">${esc(formatDate(event.date, iso))}</time></dd></div><div><dt>${esc(t('event.category'))}</dt><dd>${esc(t(`event.category.${event.category}`))}</dd></div>${event.place ? `<div><dt>${esc(t('event.place'))}</dt><dd>${esc(event.place)}</dd></div>` : ''}</dl></header>${img({ src: event.cover, alt: event.coverAlt, className: 'event-cover', priority: true })}<div class="event-body">${event.html}</div>${event.link ? `<p class="event-external">${siteLink(code, event.link, esc(t('event.externalLink')), ' class="button"')}</p>` : ''}<p class="event-back"><a href="${href(code, '/event')}">${esc(t('event.backToList'))}</a></p></article>${others.length ? `<section class="event-others" aria-labelledby="event-others-heading" data-search-skip=""><h2 id="event-others-heading">${esc(t('event.others'))}</h2>${eventCards(code, others)}</section>` : ''}`;
  return shell({ code, route, head: { title: event.title, description: event.summary }, main, alternates: alternatesOf(route, englishAvailable), preload: ['/assets/images/logo.svg', event.cover] });
}

/** /<locale>/event: every event, newest first, a section per year, the year filter. */
export function eventListPage(code, events) {
  const t = translatorOf(code);
  const years = new Map();
  for (const event of events) {
    const year = event.date.slice(0, 4);
    let ofYear = years.get(year);
    if (!ofYear) years.set(year, (ofYear = []));
    ofYear.push(event);
  }
  const filter = { label: t('event.filterLabel'), allLabel: t('event.allYears'), years: [...years].map(([year, ofYear]) => ({ year, label: t('event.year', { year }), count: ofYear.length })) };
  const filterHtml = `${props(filter)}<div class="event-filter-island" data-island="EventFilter"><nav class="event-filter" aria-label="${esc(filter.label)}"><ul><li><a href="#event-years" aria-current="true">${esc(filter.allLabel)}</a></li>${filter.years.map((year) => `<li><a href="#year-${year.year}">${esc(year.label)}<span class="event-filter-count">${year.count}</span></a></li>`).join('')}</ul></nav></div>`;
  const main = `<div class="article event-list"><header class="page-header"><h1>${esc(t('event.listTitle'))}</h1><p class="lead">${esc(t('event.listDescription'))}</p><p class="event-count">${esc(t('event.count', { count: events.length }))}</p></header>${years.size > 1 ? filterHtml : ''}<div id="event-years" class="event-years">${[...years]
    .map(([year, ofYear]) => `<section id="year-${year}" class="event-year" aria-labelledby="year-${year}-heading"><h2 id="year-${year}-heading">${esc(t('event.year', { year }))}</h2>${eventCards(code, ofYear)}</section>`)
    .join('')}</div></div>`;
  return shell({ code, route: 'event', head: { title: t('event.listTitle'), description: t('event.listDescription') }, main, alternates: alternatesOf('event', englishRoute('event')), preload: ['/assets/images/logo.svg'] });
}

// ——— home ———

const figures = (items) => `<ul class="figures">${items.map((figure, index) => `<li class="figure" data-animate="fade" data-animate-delay="${(index % 4) * 100}"><span class="figure-value">${esc(figure.value)}${figure.unit ? `<span class="figure-unit">${esc(figure.unit)}</span>` : ''}</span><span class="figure-label">${esc(figure.label)}</span>${figure.note ? `<span class="figure-note">${esc(figure.note)}</span>` : ''}</li>`).join('')}</ul>`;

export function homePage(code, latest) {
  const t = translatorOf(code);
  const data = loadSite().locales[code].home;
  const bannerLabel = (index) => esc(t('home.bannerLabel', { index: index + 1, count: data.banners.length }));
  const figureSection = (className, group) => `<section class="${className} home-section"><h2>${esc(group.heading)}</h2>${group.text ? `<p class="section-intro">${esc(group.text)}</p>` : ''}${figures(group.items)}</section>`;
  const main = `<div class="home home-${esc(data.design)}"><h1 class="visually-hidden">${esc(data.title)}</h1><section class="banners" aria-roledescription="carousel" aria-label="${esc(data.title)}"><ul class="banner-track">${data.banners
    .map((banner, index) => `<li id="banner-${index + 1}" class="banner" aria-roledescription="slide" aria-label="${bannerLabel(index)}">${picture(banner.image, 'banner-image', index === 0)}<div class="banner-text" data-search-skip=""><h2>${esc(banner.title)}</h2><p>${esc(banner.text)}</p>${banner.link ? siteLink(code, banner.link.url, esc(banner.link.text), ' class="button"') : ''}</div></li>`)
    .join('')}</ul>${data.banners.length > 1 ? `<nav class="banner-dots" aria-label="${esc(data.title)}">${data.banners.map((_, index) => `<a href="#banner-${index + 1}" aria-label="${bannerLabel(index)}"></a>`).join('')}</nav>` : ''}</section>${figureSection('home-performance', data.performance)}${figureSection('home-highlights', data.highlights)}<section class="home-awards home-section"><h2>${esc(data.awards.heading)}</h2><ul class="awards">${data.awards.items
    .map((award) => `<li class="award" data-animate="fade"><span class="award-year">${esc(award.year)}</span><span class="award-title">${esc(award.title)}</span><span class="award-issuer">${esc(award.issuer)}</span></li>`)
    .join('')}</ul></section>${latest.length ? `<section class="home-events home-section"><h2>${esc(data.events.heading)}</h2>${eventCards(code, latest)}${siteLink(code, data.events.more.url, esc(data.events.more.text), ' class="more-link"')}</section>` : ''}<section class="home-projects home-section"><h2>${esc(data.projects.heading)}</h2><ul class="project-cards" data-search-skip="">${data.projects.items
    .map((project) => `<li class="project-card">${picture(project.image)}<h3>${siteLink(code, project.url, esc(project.title), '', true)}</h3><p>${esc(project.text)}</p></li>`)
    .join('')}</ul></section><section class="home-questionnaire home-section"><h2>${esc(data.questionnaire.heading)}</h2><p>${esc(data.questionnaire.text)}</p>${siteLink(code, data.questionnaire.link.url, esc(data.questionnaire.link.text), ' class="button button-light"')}</section></div>`;
  return shell({ code, route: '', head: { title: data.title, description: data.description }, main, alternates: alternatesOf('', true), preload: ['/assets/images/logo.svg', data.banners[0]?.image.src].filter(Boolean) });
}

// ——— articles (about, the letters, the focus pages) ———

const paragraphs = (text, className) =>
  text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p${className ? ` class="${className}"` : ''}>${paragraph.split('\n').map((line, i) => `<span>${i > 0 ? '<br/>' : ''}${esc(line)}</span>`).join('')}</p>`)
    .join('');

const tags = (list, label) => `<ul class="tags"${label ? ` aria-label="${esc(label)}"` : ''}>${list.map((tag) => {
  const sdg = /^SDG\s*(\d{1,2})$/i.exec(tag);
  return `<li class="${sdg ? `tag tag-sdg sdg-${sdg[1]}` : 'tag'}">${esc(tag)}</li>`;
}).join('')}</ul>`;

function dataTable(code, { caption, head, rows, note }) {
  const t = translatorOf(code);
  return `<figure class="table-box"><div class="table-scroll" tabindex="0" role="region" aria-label="${esc(t('a11y.tableScroll', { caption }))}"><table><caption>${esc(caption)}</caption><thead><tr>${head.map((cell) => `<th scope="col">${esc(cell)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell, c) => (c === 0 ? `<th scope="row">${esc(cell)}</th>` : `<td>${esc(cell)}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table></div>${note ? `<figcaption class="table-note">${esc(note)}</figcaption>` : ''}</figure>`;
}

/** A line chart of metrics over years (one per unit), then the table of the same figures. */
function metricsBlock(code, block) {
  const t = translatorOf(code);
  const site = loadSite();
  const { iso } = site.locales[code];
  const registry = site.metricsOf[code];
  const metrics = block.metrics.map((id) => registry.get(id)).filter(Boolean);
  const years = [...block.years].sort((a, b) => a - b);
  const unitOf = (metric) => (metric.percent ? '%' : metric.unit);
  // Charts of one unit whose series are within a factor of five of the largest, in table order.
  const largest = (metric) => Math.max(0, ...years.map((year) => Math.abs(metric.values[year] ?? 0)));
  const groups = [];
  for (const metric of [...metrics].sort((a, b) => largest(b) - largest(a))) {
    const group = groups.find((candidate) => candidate.unit === unitOf(metric) && largest(metric) * 5 >= candidate.top);
    if (group) group.metrics.push(metric);
    else groups.push({ unit: unitOf(metric), top: largest(metric), metrics: [metric] });
  }
  const ordered = groups.map((group) => ({ unit: group.unit, metrics: metrics.filter((metric) => group.metrics.includes(metric)) })).sort((a, b) => metrics.indexOf(a.metrics[0]) - metrics.indexOf(b.metrics[0]));
  const charts =
    block.chart === 'none'
      ? ''
      : ordered.map((group, g) => chart(ordered.length === 1 ? block.caption : t('metrics.chartPart', { caption: block.caption, metrics: group.metrics.map((metric) => metric.label).join(' · ') }), group.unit, group.metrics, years, iso, `${block.caption.length}-${g}`)).join('');
  const units = new Set(metrics.map(unitOf));
  const rows = metrics.map((metric) => [units.size === 1 || !unitOf(metric) ? metric.label : t('metrics.withUnit', { label: metric.label, unit: unitOf(metric) }), ...years.map((year) => (metric.values[year] === undefined ? '–' : formatValue(metric, metric.values[year], iso)))]);
  return `<div class="metrics-block">${charts ? `<div class="metrics-charts">${charts}</div>` : ''}${dataTable(code, { caption: block.caption, head: [t('metrics.metric'), ...years.map(String)], rows, note: block.note })}</div>`;
}

function chart(title, unit, metrics, years, iso, key) {
  const width = 360;
  const top = 43;
  const bottom = 193;
  const left = 37;
  const max = Math.max(1e-9, ...metrics.flatMap((metric) => years.map((year) => Math.abs(metric.values[year] ?? 0)))) * 1.2;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * max);
  const x = (index) => left + ((width - left) / years.length) * (index + 0.5);
  const y = (value) => bottom - ((bottom - top) * value) / max;
  const id = `trend-${key}`;
  const desc = metrics.map((metric) => `${metric.label}: ${years.map((year) => `${year} ${metric.values[year] === undefined ? '–' : formatValue(metric, metric.values[year], iso)}`).join('; ')}`).join('. ');
  const axes = `<g class="trend-axes"><text class="trend-unit" x="0" y="15">${esc(unit)}</text>${ticks.map((tick) => `<g><line class="trend-grid" x1="${left}" x2="${width}" y1="${y(tick)}" y2="${y(tick)}"></line><text class="trend-tick" x="${left - 6}" y="${y(tick)}" dy="0.35em" text-anchor="end">${+tick.toPrecision(2)}</text></g>`).join('')}<line class="trend-baseline" x1="${left}" x2="${width}" y1="${bottom}" y2="${bottom}"></line>${years.map((year, index) => `<text class="trend-year" x="${x(index)}" y="211" text-anchor="middle">${year}</text>`).join('')}</g>`;
  const series = metrics
    .map((metric, m) => {
      const points = years.map((year, index) => (metric.values[year] === undefined ? undefined : [x(index), y(metric.values[year])])).filter(Boolean);
      return `<g class="trend-series trend-series-${m + 1}"><path class="trend-line" d="M${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join('L')}"></path>${points.map(([px, py]) => `<path class="trend-marker" d="M4.2,0A4.2,4.2,0,1,1,-4.2,0A4.2,4.2,0,1,1,4.2,0" transform="translate(${px.toFixed(1)} ${py.toFixed(1)})"></path>`).join('')}</g>`;
    })
    .join('');
  const values = `<g>${metrics.flatMap((metric, m) => years.map((year, index) => (metric.values[year] === undefined ? '' : `<text class="trend-value trend-series-${m + 1}" x="${x(index)}" y="${(y(metric.values[year]) - 7).toFixed(1)}" text-anchor="middle">${formatValue(metric, metric.values[year], iso)}</text>`))).join('')}</g>`;
  const legend = `<ul class="trend-legend" aria-hidden="true">${metrics.map((metric, m) => `<li class="trend-series-${m + 1}"><svg width="32" height="14" viewBox="0 0 32 14"><path class="trend-line" d="M1 7H31"></path><path class="trend-marker" d="M4.2,0A4.2,4.2,0,1,1,-4.2,0A4.2,4.2,0,1,1,4.2,0" transform="translate(16 7)"></path></svg>${esc(metric.label)}</li>`).join('')}</ul>`;
  return `<div class="trend-chart trend-line"><svg viewBox="0 0 ${width} 219" font-size="15" role="img" aria-labelledby="${id}-title ${id}-desc"><title id="${id}-title">${esc(title)}</title><desc id="${id}-desc">${esc(desc)}</desc>${axes}${series}${values}</svg>${legend}</div>`;
}

function block(code, item) {
  switch (item.type) {
    case 'text':
      return paragraphs(item.text);
    case 'list': {
      const list = item.ordered ? 'ol' : 'ul';
      return `<div class="list-block">${item.title ? `<p class="list-title">${esc(item.title)}</p>` : ''}<${list}>${item.items.map((entry) => `<li>${esc(entry)}</li>`).join('')}</${list}></div>`;
    }
    case 'figures':
      return figures(item.items);
    case 'table':
      return dataTable(code, item);
    case 'metrics':
      return metricsBlock(code, item);
    case 'quote':
      return `<blockquote class="quote">${paragraphs(item.text)}${item.cite ? `<footer>— ${esc(item.cite)}</footer>` : ''}</blockquote>`;
    case 'image':
      return picture(item.image);
    case 'links':
      return `<div class="chapter-links" data-search-skip="">${item.title ? `<p class="chapter-links-title">${esc(item.title)}</p>` : ''}<ul>${item.items.map((link) => `<li>${siteLink(code, link.url, `${esc(link.text)}${link.page !== undefined ? `<span class="chapter-page">p.${esc(link.page)}</span>` : ''}`, ' class="chapter-link" data-search-skip=""')}</li>`).join('')}</ul></div>`;
    case 'people':
      return `<ul class="people">${item.items.map((person) => `<li class="person"><span class="person-name">${esc(person.name)}</span><span class="person-role">${esc(person.role)}</span>${person.text ? `<span class="person-text">${esc(person.text)}</span>` : ''}</li>`).join('')}</ul>`;
    default:
      return '';
  }
}

const blocks = (code, list) => list.map((item) => block(code, item)).join('');

export function articlePage(code, route, data) {
  const t = translatorOf(code);
  const sections = data.sections
    .map((section) => {
      const id = section.id;
      return `<section${id ? ` id="${esc(id)}"` : ''} class="content-section"${id ? ` aria-labelledby="${esc(id)}-title"` : ''}><h2${id ? ` id="${esc(id)}-title"` : ''}>${esc(section.heading)}</h2>${section.tags ? tags(section.tags) : ''}${blocks(code, section.blocks ?? [])}${(section.subsections ?? [])
        .map((sub) => `<section${sub.id ? ` id="${esc(sub.id)}"` : ''} class="content-subsection"><h3>${esc(sub.heading)}</h3>${blocks(code, sub.blocks ?? [])}</section>`)
        .join('')}</section>`;
    })
    .join('');
  const main = `<article class="article"><header class="page-header">${data.kicker ? `<p class="kicker">${esc(data.kicker)}</p>` : ''}<h1>${esc(data.title)}</h1>${data.lead ? paragraphs(data.lead, 'lead') : ''}${data.tags ? tags(data.tags, t('article.tags')) : ''}</header>${data.hero ? picture(data.hero, 'hero', true) : ''}<div class="article-body">${sections}${data.signature ? `<p class="signature">${esc(t('article.signature', { name: data.signature.name, role: data.signature.role }))}</p>` : ''}</div></article>`;
  const english = loadSite().locales.en.articles.some((article) => article.route === route);
  return shell({ code, route, head: { title: data.title, description: data.description }, main, alternates: alternatesOf(route, english), preload: ['/assets/images/logo.svg'] });
}

/** /en/<route> without an English edition: the English guard, as esg writes it. */
export function guardPage(route) {
  const t = translatorOf('en');
  const fallback = pathOf('zh_TW', route);
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><meta name="robots" content="noindex"/><title>${esc(t('english.guardTitle'))}</title><link rel="stylesheet" href="${stylesheet}"/><script src="/assets/guard.js" data-home="/zh_TW"></script></head><body class="guard-page"><main class="error-box"><h1>${esc(t('english.guardTitle'))}</h1><p>${esc(t('english.guardText'))}</p><a class="button" href="${esc(fallback)}" lang="zh-Hant-TW">${esc(t('english.guardLink'))}</a></main></body></html>`;
}
