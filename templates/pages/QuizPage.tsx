import type { Quiz } from '../../schemas/types.ts';
import { newRoundParameter } from '../../widgets/quiz/round.ts';
import { usePage, type PageContext } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { formTexts } from '../forms/formTexts.ts';
import { QuizForm } from '../forms/QuizForm.tsx';
import { QuizResult } from '../forms/QuizResult.tsx';

export type QuizScreen = 'start' | 'form' | 'result';

/**
 * qa/qa (start), qa/qa-form (one question at a time) and qa/qa-result: one page kind, three
 * screens. The start is a link that starts a new round; the questions and the result are plain
 * widgets (widgets/quiz/), the first-answer record a form island.
 */
export function QuizPage({ data, screen }: { data: Quiz; screen: QuizScreen }) {
  const page = usePage();
  const heading = screen === 'result' ? data.result.title : screen === 'start' ? data.start.title : data.title;
  const links = quizLinks(page);
  return (
    <Layout head={{ title: heading, description: data.description, noindex: screen !== 'start' }}>
      <article className={`article quiz-page quiz-screen-${screen}`}>
        <PageHeader title={heading} lead={screen === 'start' ? data.start.subtitle : undefined} />
        {screen === 'start' && (
          <a className="button quiz-start" href={links.newRound}>
            {data.start.button}
          </a>
        )}
        {screen === 'form' && <QuizForm {...quizForm(data, page, links)} />}
        {screen === 'result' && <QuizResult {...quizResult(data, page, links)} />}
        {screen !== 'start' && (
          <noscript>
            <p className="quiz-noscript">{data.start.needsJavaScript}</p>
          </noscript>
        )}
      </article>
    </Layout>
  );
}

type QuizLinks = ReturnType<typeof quizLinks>;

function quizLinks(page: PageContext) {
  const form = page.href('/qa/qa-form');
  return { start: page.href('/qa/qa'), form, newRound: `${form}?${newRoundParameter}=new`, result: page.href('/qa/qa-result'), home: page.href('/') };
}

/** Only what each screen needs goes into the page: the questions on the form, the bands on the result. */
function quizForm(data: Quiz, { t }: PageContext, links: QuizLinks) {
  const tagLabel = new Map(data.tags.map((entry) => [entry.tag, entry.label]));
  const optionLabel = (value: string) => (value === 'true' ? data.form.trueLabel : value === 'false' ? data.form.falseLabel : value);
  return {
    formHref: links.form,
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

function quizResult(data: Quiz, page: PageContext, links: QuizLinks) {
  const { score, again, copy, back, a, b, c, done, unfinished, restart } = data.result;
  return {
    total: data.questions.length,
    bands: data.bands,
    links,
    texts: { score, again, copy, back, a, b, c, done, unfinished, restart, copied: page.t('quiz.copied') },
    record: {
      endpoint: page.site.forms.endpoint,
      locale: page.locale.code,
      total: data.questions.length,
      bands: data.bands,
      texts: data.record,
      forms: formTexts(page.t),
    },
  };
}
