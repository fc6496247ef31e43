import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { SiteLink } from '../blocks/SiteLink.tsx';

/** /event/oops: where a visitor lands for an event that no longer exists; points back to the list. */
export function EventOopsPage() {
  const { t } = usePage();
  return (
    <Layout head={{ title: t('event.oopsTitle'), description: t('event.oopsText') }} bodyClass="error-page">
      <div className="error-box event-oops">
        <h1>{t('event.oopsTitle')}</h1>
        <p>{t('event.oopsText')}</p>
        <SiteLink className="button" url="/event">
          {t('event.backToList')}
        </SiteLink>
      </div>
    </Layout>
  );
}
