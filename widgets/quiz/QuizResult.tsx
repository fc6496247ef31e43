import { useEffect, useState } from 'react';
import { showToast } from '../toast.ts';
import { fill } from '../forms/message.ts';
import { bandOf, clearProgress, readProgress, saveProgress, type QuizProgress } from './progress.ts';
import { QuizRecord, type QuizRecordTexts } from './QuizRecord.tsx';
import type { FormTexts } from '../forms/FormStatus.tsx';
import type { FormsQuiz } from '../../schemas/types.ts';

export interface QuizResultProps {
  total: number;
  bands: { a: number; b: number };
  links: { start: string; form: string; home: string };
  endpoint: string;
  locale: FormsQuiz['locale'];
  texts: {
    title: string;
    score: string;
    again: string;
    copy: string;
    back: string;
    a: string;
    b: string;
    c: string;
    done: string;
    unfinished: string;
    restart: string;
    copied: string;
  };
  record: QuizRecordTexts;
  forms: FormTexts;
}

/**
 * The result: correct count, the band's text, play again, copy the quiz's address (toast 'Link
 * copied'), back to the homepage, and the optional first-answer record form.
 */
export function QuizResult({ total, bands, links, endpoint, locale, texts, record, forms }: QuizResultProps) {
  const [progress, setProgress] = useState<QuizProgress | undefined>();
  useEffect(() => setProgress(readProgress()), []);

  if (!progress) return <div className="quiz-result" />;
  if (progress.choices.length < total) {
    return (
      <div className="quiz-result" data-ready="">
        <p>{texts.unfinished}</p>
        <a className="button" href={links.form} onClick={clearProgress}>
          {texts.restart}
        </a>
      </div>
    );
  }
  const score = progress.correct.filter(Boolean).length;
  const band = bandOf(score, bands);

  async function copyLink() {
    await copyText(new URL(links.start, location.href).href);
    showToast(texts.copied);
  }

  function markRecorded() {
    const next = { ...progress!, recorded: true };
    saveProgress(next);
    setProgress(next);
  }

  return (
    <div className="quiz-result" data-ready="" data-band={band}>
      <p className="quiz-score">{fill(texts.score, { correct: score, total })}</p>
      <p className="quiz-band">{texts[band]}</p>
      <p className="quiz-done">{texts.done}</p>
      <div className="quiz-actions">
        <a className="button" href={links.form} onClick={clearProgress}>
          {texts.again}
        </a>
        <button type="button" className="button button-secondary quiz-copy" onClick={copyLink}>
          {texts.copy}
        </button>
        <a className="button button-secondary" href={links.home}>
          {texts.back}
        </a>
      </div>
      <QuizRecord
        endpoint={endpoint}
        result={{ score, total, band, answers: progress.choices, locale }}
        sent={progress.recorded}
        onSent={markRecorded}
        texts={record}
        forms={forms}
      />
    </div>
  );
}

/** The clipboard API where the page may use it, else the older copy command on a hidden field. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    document.execCommand('copy');
    field.remove();
  }
}
