import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';

/**
 * The 404 page: 'This page could not be found' with a way back home
 * (docs/product.md, "Errors shown to visitors").
 */
export function NotFoundPage() {
  const { t, href } = usePage();
  return (
    <Layout head={{ title: t('notFound.title'), description: t('notFound.text'), noindex: true }} bodyClass="error-page">
      <div className="error-box">
        <p className="error-code">404</p>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <a className="button" href={href('/')}>
          {t('notFound.back')}
        </a>
      </div>
    </Layout>
  );
}
