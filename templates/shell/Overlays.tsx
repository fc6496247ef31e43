import { renderToStaticMarkup } from 'react-dom/server';
import { usePage } from '../context.tsx';
import { Island } from '../Island.tsx';
import { FloatingButtons } from './FloatingButtons.tsx';
import { EnglishNotice } from './EnglishNotice.tsx';
import type { ModalHostProps } from '../../widgets/ModalHost.tsx';
import { formTexts, subscriberTexts } from '../forms/formTexts.ts';

/**
 * What floats over every page: the floating buttons, the offline notice, the English notice, the
 * host of the newsletter dialog, and the text a widget that fails to render is replaced with
 * (docs/product.md, "Errors shown to visitors").
 */
export function Overlays() {
  const page = usePage();
  const { t, locale, site, translatorOf } = page;
  const notice = page.oncePerLocale('englishNotice', () => {
    const english = translatorOf('en');
    return renderToStaticMarkup(
      <EnglishNotice
        english={{
          title: english('english.notice'),
          confirm: english('english.confirm'),
          returned: english('english.noticeText'),
          unavailable: english('english.guardText'),
          partial: english('shell.englishVisit'),
        }}
        translation={
          locale.code === 'en'
            ? undefined
            : { lang: locale.iso, title: t('english.notice'), returned: t('english.noticeText'), unavailable: t('english.guardText') }
        }
      />,
    );
  });
  const modals = page.oncePerLocale('modals', (): ModalHostProps => ({
    subscriber: { endpoint: site.forms.endpoint, locale: locale.code, texts: subscriberTexts(t), forms: formTexts(t) },
  }));
  return (
    <>
      <FloatingButtons />
      <p className="offline-notice" role="status" hidden data-back-online={t('shell.backOnline')}>
        {t('shell.offline')}
      </p>
      <div className="english-notice" dangerouslySetInnerHTML={{ __html: notice }} />
      <Island name="ModalHost" props={modals} className="modal-island" />
      <template id="widget-error">
        <p className="widget-error" role="alert">
          {t('error.render')}
        </p>
      </template>
    </>
  );
}
