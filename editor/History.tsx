import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import type { FileHistory, HistoryEntry } from '../schemas/editApi.ts';
import { fileHistory } from './api.ts';
import { writtenTime } from './DateInput.tsx';
import { useLanguage, useText } from './language.tsx';
import { localizedSchema } from './localizedSchema.ts';
import { fieldTitle } from './problems.ts';

/**
 * The open file's recorded changes in words, newest first: who, when, which fields by their titles
 * in the form, the note they wrote and who approved it; each change can be undone (`onUndo`, once
 * the writer has confirmed).
 */
export function History({
  id,
  path,
  schema,
  dirty,
  undoing,
  onUndo,
}: {
  /** The section's id, for the button that shows it. */
  id: string;
  path: string;
  schema: RJSFSchema;
  /** The form has unsaved changes, which an undo drops: the question says so. */
  dirty: boolean;
  /** An undo is under way: no other is started meanwhile. */
  undoing: boolean;
  onUndo: (entry: HistoryEntry) => void;
}) {
  const t = useText();
  const { language } = useLanguage();
  const [history, setHistory] = useState<FileHistory>();
  const [failure, setFailure] = useState<string>();
  const heading = useId();
  useEffect(() => {
    fileHistory(path).then(setHistory, (error: Error) => setFailure(error.message));
  }, [path]);
  const shown = useMemo(() => localizedSchema(schema, language) as Record<string, unknown>, [schema, language]);
  /** The changed fields by their titles in the form, each once: 「活動標題、摘要」. */
  const fieldsOf = (entry: HistoryEntry) => {
    const titles = entry.fields.map((field) => (field === 'body' ? t('editor.body') : (titleOf(shown, field) ?? t('history.otherField'))));
    return [...new Set(titles)].join(t('history.comma'));
  };
  /** A note that names files by their paths was written by the editor when it published, not by a person. */
  const noteOf = (entry: HistoryEntry) => (entry.message && !entry.message.includes(path) ? entry.message : undefined);
  const undo = (entry: HistoryEntry) => {
    const question = t('history.confirm', { who: entry.author, when: writtenTime(entry.date, language) });
    if (confirm(dirty ? `${question}\n${t('history.confirmUnsaved')}` : question)) onUndo(entry);
  };

  return (
    <section id={id} className="history" aria-labelledby={heading}>
      <h3 id={heading}>{t('history.title')}</h3>
      {failure ? (
        <p className="problem">{t('history.failed', { reason: failure })}</p>
      ) : !history ? (
        <p className="status">{t('history.loading')}</p>
      ) : !history.tracked ? (
        <p className="hint">{t('history.untracked')}</p>
      ) : !history.entries.length ? (
        <p className="hint">{t('history.empty')}</p>
      ) : (
        <>
          <p className="hint">{t('history.intro')}</p>
          <ol className="history-entries">
            {history.entries.map((entry) => {
              const when = writtenTime(entry.date, language);
              const note = noteOf(entry);
              return (
                <li key={entry.commit}>
                  <h4 id={`${heading}-${entry.commit}`} title={t('history.version', { id: entry.commit.slice(0, 7) })}>
                    {t('history.entry', { who: entry.author, when })}
                  </h4>
                  <p>{entry.added ? t('history.added') : entry.fields.length ? t('history.fields', { fields: fieldsOf(entry) }) : t('history.noFields')}</p>
                  {note && <p className="history-note">{t('history.comment', { comment: note })}</p>}
                  {entry.approvedBy && <p>{t('history.approved', { names: entry.approvedBy })}</p>}
                  {!entry.added && (
                    <button type="button" aria-describedby={`${heading}-${entry.commit}`} disabled={undoing} onClick={() => undo(entry)}>
                      {undoing ? t('history.undoing') : t('history.undo')}
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

/**
 * A changed field (`facts/2/value`) by its title in the form (`fieldTitle`, which reads
 * `facts[2].value`); a field under one the schema does not describe item by item (a metric's
 * value of a year) by the nearest one it does.
 */
export function titleOf(schema: Record<string, unknown>, field: string): string | undefined {
  const parts = field.split('/');
  for (let length = parts.length; length > 0; length--) {
    const named = parts
      .slice(0, length)
      .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index ? `.${part}` : part))
      .join('');
    const title = fieldTitle(schema, named);
    if (title) return title;
  }
  return undefined;
}
