import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LinkResult, LinkState } from 'linkinator';
import { build } from './build/index.ts';
import type { PlannedRoute } from './build/model/routes.ts';
import { routeNameOf } from './content/siteLinks.ts';
import { startPreview } from './server/preview.ts';
import { errors } from './errorCatalogue.ts';
import { ContentErrors, formatProblems, problem, type ContentProblem } from './errors.ts';
import { removeTempDir, tempDir } from './tempDir.ts';
import type { AddressInfo } from 'node:net';

export interface CheckOptions {
  contentDir: string;
  /** Also request links to other sites (off by default: CI should not fail on someone else's outage). */
  external?: boolean;
}

export interface CheckReport {
  problems: ContentProblem[];
  pages: number;
  links: number;
}

/**
 * `esg check`: everything the build checks (schemas, locales, chapter links, focus sections, events,
 * images, downloads), then linkinator over the built site served as a static host would, fragments
 * included. Broken links are reported at the content file (and line) the page was made from.
 */
export async function checkSite(options: CheckOptions): Promise<CheckReport> {
  const folder = tempDir('esg-check-');
  try {
    return await checkBuilt(options, join(folder, 'out'));
  } finally {
    removeTempDir(folder);
  }
}

/** `checkSite` with the site built into `outDir`. */
async function checkBuilt(options: CheckOptions, outDir: string): Promise<CheckReport> {
  let result;
  try {
    result = await build({ contentDir: options.contentDir, outDir, verbose: false, record: false });
  } catch (error) {
    if (error instanceof ContentErrors) return { problems: error.problems, pages: 0, links: 0 };
    throw error;
  }
  const server = await startPreview(outDir, 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // Loaded here, not with the command: linkinator and its HTTP client take 0.15 s to load.
    const { LinkChecker, LinkState } = await import('linkinator');
    const checker = new LinkChecker();
    const locales = [...new Set(result.plan.routes.map((route) => route.locale.code))];
    const crawl = await checker.check({
      path: locales.map((code) => `${origin}/${code}`),
      recurse: true,
      checkFragments: true,
      concurrency: 20,
      // The site is served by this process, which also parses every page it gets: on a busy CI
      // machine an answer can wait seconds for its turn, and a timeout would read as a broken link.
      timeout: 30_000,
      linksToSkip: async (link) => !link.startsWith(origin) && !options.external,
    });
    const brokenPages = new Set(crawl.links.filter((link) => link.state === LinkState.BROKEN).map((link) => withoutFragment(link.url)));
    // A 404 page's own links say nothing about the site; each broken link is reported once per page.
    const broken = [
      ...crawl.links.filter((link) => link.state === LinkState.BROKEN),
      ...missingFragments(
        outDir,
        origin,
        result.plan.routes.filter((route) => route.kind === 'page').map((route) => route.path),
        LinkState.BROKEN,
      ),
    ].filter((link) => !brokenPages.has(withoutFragment(link.parent ?? '')));
    const sources = new Map(result.plan.routes.map((route) => [`${origin}${route.path}`, route]));
    const problems = broken.map((link) => brokenLinkProblem(link, origin, sources));
    const unique = [...new Map(problems.map((problem) => [`${problem.file}|${problem.line}|${problem.message}`, problem])).values()];
    return { problems: unique, pages: result.pages, links: crawl.links.length };
  } finally {
    server.close();
  }
}

const withoutFragment = (url: string) => url.replace(/#.*$/, '').replace(/\/$/, '');

/**
 * Links to `#fragment`s of this site whose target page has no element with that id, read from the
 * built pages (linkinator does not see a fragment link to a page some other link already reached).
 */
function missingFragments(outDir: string, origin: string, pages: string[], broken: LinkState): LinkResult[] {
  const ids = new Map<string, Set<string> | undefined>();
  const idsOf = (path: string) => {
    if (!ids.has(path)) {
      const file = [join(outDir, path, 'index.html'), join(outDir, `${path}.html`)].find((candidate) => existsSync(candidate));
      ids.set(path, file ? new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!)) : undefined);
    }
    return ids.get(path);
  };
  return pages.flatMap((page) => {
    const html = readFileSync(join(outDir, page, 'index.html'), 'utf8');
    return [...html.matchAll(/\shref="([^"]*#[^"]+)"/g)].flatMap((match) => {
      const url = new URL(match[1]!.replace(/&amp;/g, '&'), `${origin}${page}`);
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (url.origin !== origin) return [];
      const found = idsOf(url.pathname.replace(/\/$/, ''));
      if (!found || found.has(fragment)) return [];
      return [{ url: url.href, state: broken, parent: `${origin}${page}`, fragment }];
    });
  });
}

/** Where a broken link came from: the content file of the page, at the first line naming the target. */
function brokenLinkProblem(link: LinkResult, origin: string, sources: Map<string, PlannedRoute>): ContentProblem {
  const parent = link.parent?.replace(/[?#].*$/, '').replace(/\/$/, '') ?? '';
  const route = sources.get(parent);
  const target = link.url.startsWith(origin) ? link.url.slice(origin.length) : link.url;
  const status = 'fragment' in link ? `no element with id "${String(link.fragment)}"` : link.status ? `${link.status}` : 'no answer';
  const source = route?.document?.source.file;
  const file = source ?? `page ${parent.slice(origin.length) || '/'}`;
  const line = source ? lineNaming(source, target) : 1;
  const page = parent.slice(origin.length) || '/';
  return problem(errors.brokenBuiltLink, { file, line }, page, target, status, !source);
}

/** The first line of a content file that mentions the link's fragment, else the link, else its page (written without the locale); else 1. */
function lineNaming(file: string, target: string): number {
  const fragment = /#(.+)$/.exec(target)?.[1];
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = [fragment, target, `/${routeNameOf(target)}`]
    .flatMap((text) => (text ? [lines.findIndex((line) => line.includes(text))] : []))
    .find((at) => at >= 0);
  return (index ?? 0) + 1;
}

export function formatReport(report: CheckReport): string {
  if (report.problems.length) return formatProblems(report.problems, '');
  return `no problems: ${report.pages} pages built, ${report.links} links checked`;
}
