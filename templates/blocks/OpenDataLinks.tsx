import { usePage } from '../context.tsx';
import { metricsDataRoute } from '../metrics.ts';

/** The data page (unless on it) and the open data files, for the pages that show figures. */
export function OpenDataLinks({ dataPage = true }: { dataPage?: boolean }) {
  const { t, href, locale, hasRoute } = usePage();
  if (!locale.metrics.size || !hasRoute(`/${metricsDataRoute}`)) return null;
  return (
    <p className="data-downloads">
      {dataPage && (
        <a className="button" href={href(`/${metricsDataRoute}`)}>
          {t('metrics.dataLink')}
        </a>
      )}
      <a className={dataPage ? 'button button-quiet' : 'button'} href="/data/metrics.csv" download>
        <span className="icon-download" aria-hidden="true" />
        {t('metrics.downloadCsv')}
      </a>
      <a className="button button-quiet" href="/data/metrics.json" download>
        {t('metrics.downloadJson')}
      </a>
    </p>
  );
}
