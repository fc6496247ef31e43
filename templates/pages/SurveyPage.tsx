import type { Questionnaire } from '../../schemas/types.ts';
import type { SurveyProps } from '../../widgets/Survey.tsx';
import { usePage, type PageContext } from '../context.tsx';
import { Island } from '../Island.tsx';
import { Layout } from '../Layout.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { formTexts } from '../forms/formTexts.ts';

export type SurveyStep = 'basic' | 'questions';

/** questionnaire/basic (who answers) and questionnaire/questions (23 topics rated 1–5). */
export function SurveyPage({ data, step }: { data: Questionnaire; step: SurveyStep }) {
  const page = usePage();
  const texts = step === 'basic' ? data.basic : data.questions;
  return (
    <Layout head={{ title: texts.title, description: data.description, noindex: step !== 'basic' }}>
      <article className={`article survey-page survey-${step}-page`}>
        <PageHeader title={texts.title} lead={texts.intro} />
        <Island name="Survey" props={surveyProps(data, step, page)} className="survey-island" />
        <noscript>
          <p className="survey-noscript">{data.basic.needsJavaScript}</p>
        </noscript>
      </article>
    </Layout>
  );
}

function surveyProps(data: Questionnaire, step: SurveyStep, page: PageContext): SurveyProps {
  const forms = formTexts(page.t);
  const basicHref = page.href('/questionnaire/basic');
  if (step === 'basic') {
    const { identity, other, organisation, name, email, next, consent } = data.basic;
    return {
      step,
      questionsHref: page.href('/questionnaire/questions'),
      identities: data.basic.identities,
      texts: { identity, other, organisation, name, email, next, consent },
      forms,
    };
  }
  const { scale, progress, unrated, submit, back, missingBasic, thanksTitle, thanksText, home } = data.questions;
  return {
    step,
    groups: data.groups,
    endpoint: page.site.forms.endpoint,
    locale: page.locale.code,
    basicHref,
    homeHref: page.href('/'),
    texts: { scale, progress, unrated, submit, back, missingBasic, thanksTitle, thanksText, home },
    forms,
  };
}
