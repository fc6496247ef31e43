import type { Quiz } from '../../schemas/types.ts';
import type { QuizRecordProps } from '../../widgets/QuizRecord.tsx';
import { plainWidget } from '../../widgets/registry.ts';
import { Island } from '../Island.tsx';

export interface QuizResultProps {
  total: number;
  bands: Quiz['bands'];
  links: { start: string; newRound: string; home: string };
  texts: Pick<Quiz['result'], 'score' | 'again' | 'copy' | 'back' | 'a' | 'b' | 'c' | 'done' | 'unfinished' | 'restart'> & { copied: string };
  record: QuizRecordProps;
}

/**
 * qa/qa-result (docs/product.md, "Quiz and survey"): what the round scored is in the reader's tab
 * alone, so the page holds both of its states, hidden, and widgets/quiz/result.ts shows the one that
 * holds: the correct count, the band's text, play again, copy the quiz's address and back home, with
 * the first-answer record (a form island, woken when touched); or, before the round is finished, a
 * note and a link to start.
 */
export function QuizResult({ total, bands, links, texts, record }: QuizResultProps) {
  return (
    <div className="quiz-result" {...plainWidget('QuizResult')} data-total={total} data-band-a={bands.a} data-band-b={bands.b}>
      <div className="quiz-unfinished" hidden>
        <p>{texts.unfinished}</p>
        <a className="button" href={links.newRound}>
          {texts.restart}
        </a>
      </div>
      <div className="quiz-outcome" hidden>
        <p className="quiz-score" data-message={texts.score} />
        {(['a', 'b', 'c'] as const).map((band) => (
          <p key={band} className="quiz-band" data-band={band}>
            {texts[band]}
          </p>
        ))}
        <p className="quiz-done">{texts.done}</p>
        <div className="quiz-actions">
          <a className="button" href={links.newRound}>
            {texts.again}
          </a>
          <button type="button" className="button button-secondary quiz-copy" data-address={links.start} data-copied={texts.copied}>
            {texts.copy}
          </button>
          <a className="button button-secondary" href={links.home}>
            {texts.back}
          </a>
        </div>
        <Island name="QuizRecord" props={record} className="quiz-record-island" />
        <section className="quiz-record is-sent" role="status" hidden>
          <h2>{record.texts.sentTitle}</h2>
          <p>{record.texts.sentText}</p>
        </section>
      </div>
    </div>
  );
}
