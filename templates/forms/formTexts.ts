import type { Translate } from '../i18n.ts';
import type { FormTexts } from '../../widgets/forms/FormStatus.tsx';
import type { SubscriberTexts } from '../../widgets/subscriber.tsx';

/** The texts every form widget shares (messages.yaml `forms.*`). */
export function formTexts(t: Translate): FormTexts {
  return {
    sending: t('forms.sending'),
    failed: t('forms.failed'),
    retry: t('forms.retry'),
    busy: t('forms.busy'),
    rejected: t('forms.rejected'),
    required: t('forms.required'),
    emailInvalid: t('forms.emailInvalid'),
    consentRequired: t('forms.consentRequired'),
    optional: t('forms.optional'),
  };
}

/** The newsletter dialog's texts; `{email}` stays a placeholder the dialog fills in. */
export function subscriberTexts(t: Translate): SubscriberTexts {
  return {
    title: t('newsletter.title'),
    intro: t('newsletter.intro'),
    email: t('newsletter.email'),
    name: t('newsletter.name'),
    consent: t('newsletter.consent'),
    submit: t('newsletter.submit'),
    close: t('newsletter.close'),
    finishedTitle: t('newsletter.finishedTitle'),
    finishedText: t('newsletter.finishedText', { email: '{email}' }),
    duplicateText: t('newsletter.duplicateText', { email: '{email}' }),
    unsubscribeNote: t('newsletter.unsubscribeNote'),
    unsubscribeLink: t('newsletter.unsubscribeLink'),
    done: t('newsletter.done'),
  };
}
