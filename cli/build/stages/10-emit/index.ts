import { publishedHostFiles } from '../../../http/hosting.ts';
import type { RenderedFile } from '../../../siteFiles.ts';
import type { Books, Photographs } from '../../model/pageContext.tsx';
import type { RoutePlan } from '../../model/routes.ts';
import type { SiteModel } from '../../model/site.ts';
import type { BuildSession } from '../../session.ts';
import { eventApiFiles } from './api.ts';
import { metricsDataFiles } from './openData.ts';
import { sitemapFiles } from './sitemap.ts';
import { tableCsvFiles } from './tableCsv.ts';

/**
 * The site-wide files beside the pages: the sitemaps, the events' JSON API, each report table as
 * CSV, the open data of the metrics, and the static hosts' configuration files.
 */
export function* siteWideFiles(session: BuildSession, model: SiteModel, plan: RoutePlan, photographs: Photographs, books: Books): Generator<RenderedFile> {
  yield* sitemapFiles(model, plan);
  yield* eventApiFiles(session, model, plan, photographs);
  yield* tableCsvFiles(plan, books);
  yield* metricsDataFiles(session, model);
  yield* publishedHostFiles(model.site);
}
