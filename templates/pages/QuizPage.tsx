import type { Quiz } from '../../schemas/types.ts';
import type { QuizProps } from '../../widgets/Quiz.tsx';
import { usePage, type PageContext } from '../context.tsx';
import { Island } from '../Island.tsx';
import { Layout } from '../Layout.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { formTexts } from '../forms/formTexts.ts';

export type QuizScreen = 'start' | 'form' | 'result';

/** qa/qa (start), qa/qa-form (one question at a time) and qa/qa-result: one page kind, three screens. */
export function QuizPage({ data, screen }: { data: Quiz; screen: QuizScreen }) {
  const page = usePage();
  const heading = screen === 'result' ? data.result.title : screen === 'start' ? data.start.title : data.title;
  return (
    <Layout head={{ title: heading, description: data.description, noindex: screen !== 'start' }}>
      <article className={`article quiz-page quiz-screen-${screen}`}>
        <PageHeader title={heading} lead={screen === 'start' ? data.start.subtitle : undefined} />
        <Island name="Quiz" props={quizProps(data, screen, page)} className="quiz-island" />
        {screen !== 'start' && (
          <noscript>
            <p className="quiz-noscript">{data.start.needsJavaScript}</p>
          </noscript>
        )}
      </article>
    </Layout>
  );
}

/** Only what each screen needs goes into the page: the questions on the form, the bands on the result. */
function quizProps(data: Quiz, screen: QuizScreen, page: PageContext): QuizProps {
  const { t } = page;
  const links = { start: page.href('/qa/qa'), form: page.href('/qa/qa-form'), result: page.href('/qa/qa-result'), home: page.href('/') };
  if (screen === 'start') return { screen, formHref: links.form, button: data.start.button };
  const tagLabel = new Map(data.tags.map((entry) => [entry.tag, entry.label]));
  const optionLabel = (value: string) => (value === 'true' ? data.form.trueLabel : value === 'false' ? data.form.falseLabel : value);
  if (screen === 'form') {
    return {
      screen,
      resultHref: links.result,
      texts: { ...data.form, right: t('quiz.right'), wrong: t('quiz.wrong') },
      questions: data.questions.map((question) => ({
        tag: tagLabel.get(question.tag) ?? question.tag,
        question: question.question,
        description: question.description,
        answer: question.answer,
        options: question.optionList.map((value) => ({ value, label: optionLabel(value) })),
      })),
    };
  }
  const { title, score, again, copy, back, a, b, c, done, unfinished, restart } = data.result;
  return {
    screen,
    total: data.questions.length,
    bands: data.bands,
    links,
    endpoint: page.site.forms.endpoint,
    locale: page.locale.code,
    texts: { title, score, again, copy, back, a, b, c, done, unfinished, restart, copied: t('quiz.copied') },
    record: data.record,
    forms: formTexts(t),
  };
}
