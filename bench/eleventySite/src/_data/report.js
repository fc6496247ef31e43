// Global data: the corpus YAML (site, metrics, menus, sitemaps, messages, home, articles), read with
// the `yaml` package at build time; zh_CN converted from zh_TW with opencc-js.
import { loadSite } from '../../lib/site.js';

export default function () {
  const { metricsOf: _metrics, ...site } = loadSite();
  return site;
}
