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
      <DataFiles set="metrics" quiet={dataPage} />
    </p>
  );
}

/** One open data set's files as download buttons: its CSV (for Excel), which stands out unless `quiet`, and its JSON. */
export function DataFiles({ set, quiet }: { set: 'metrics' | 'targets'; quiet: boolean }) {
  const { t } = usePage();
  return (
    <>
      <a className={quiet ? 'button button-quiet' : 'button'} href={`/data/${set}.csv`} download>
        <span className="icon-download" aria-hidden="true" />
        {t(`${set}.downloadCsv`)}
      </a>
      <a className="button button-quiet" href={`/data/${set}.json`} download>
        {t(`${set}.downloadJson`)}
      </a>
    </>
  );
}
