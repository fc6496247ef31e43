import { usePage } from '../context.tsx';
import { Island } from '../Island.tsx';
import { FloatingButtons } from './FloatingButtons.tsx';
import type { ModalHostProps } from '../../widgets/ModalHost.tsx';
import { formTexts, subscriberTexts } from '../forms/formTexts.ts';

/**
 * What floats over every page: the floating buttons, the offline notice, the global modal host, and
 * the text a widget that fails to render is replaced with
 * (docs/product.md, "Errors shown to visitors").
 */
export function Overlays() {
  const page = usePage();
  const { t, locale, site, translatorOf } = page;
  const modals = page.oncePerLocale('modals', (): ModalHostProps => {
    const english = translatorOf('en');
    return {
      english: {
        title: english('english.notice'),
        confirm: english('english.confirm'),
        returned: english('english.noticeText'),
        unavailable: english('english.guardText'),
        partial: english('shell.englishVisit'),
      },
      translation:
        locale.code === 'en'
          ? undefined
          : { lang: locale.iso, title: t('english.notice'), returned: t('english.noticeText'), unavailable: t('english.guardText') },
      subscriber: { endpoint: site.forms.endpoint, locale: locale.code, texts: subscriberTexts(t), forms: formTexts(t) },
    };
  });
  return (
    <>
      <FloatingButtons />
      <p className="offline-notice" role="status" hidden data-back-online={t('shell.backOnline')}>
        {t('shell.offline')}
      </p>
      <Island name="ModalHost" props={modals} className="modal-island" />
      <template id="widget-error">
        <p className="widget-error" role="alert">
          {t('error.render')}
        </p>
      </template>
    </>
  );
}
