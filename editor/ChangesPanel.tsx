import { useEffect, useState } from 'react';
import type { ChangeSummary, TeamMember } from '../schemas/editApi.ts';
import { listChanges, reviewStep } from './api.ts';
import { useText } from './language.tsx';

type Step = 'submit' | 'approve' | 'return' | 'publish';

/** The steps a member may take on a change, as the server allows them (cli/edit/team/changeApi.ts). */
function stepsFor(member: TeamMember, change: ChangeSummary): Step[] {
  const own = change.author === member.name;
  const reviewer = member.role !== 'writer';
  if (change.state === 'draft') return own ? ['submit'] : [];
  if (change.state === 'submitted') return reviewer ? [...(own ? [] : (['approve'] as Step[])), 'return'] : [];
  if (change.state === 'approved') return [...(member.role === 'admin' ? (['publish'] as Step[]) : []), ...(reviewer ? (['return'] as Step[]) : [])];
  return [];
}

/**
 * In team mode: the changes not yet published, each with its author, its files by their titles,
 * the reviewer's word when it was returned, and the steps the member may take (a return asks
 * what to change in a form of its own). `version` changes after each save.
 */
export function ChangesPanel({
  member,
  version,
  titles,
  onDone,
}: {
  member: TeamMember;
  version: number;
  titles: Map<string, string>;
  onDone: (message: string) => void;
}) {
  const t = useText();
  const [changes, setChanges] = useState<ChangeSummary[]>([]);
  const [problem, setProblem] = useState('');
  /** What the member's last step did, said in the panel: the editor's own status line moves on with the builds. */
  const [done, setDone] = useState('');
  /** The change being returned, and the reviewer's words so far. */
  const [returning, setReturning] = useState<{ id: string; comment: string }>();
  const refresh = () =>
    listChanges().then(
      (all) => setChanges(all.filter((change) => change.state !== 'published')),
      (error: Error) => setProblem(error.message),
    );
  useEffect(() => void refresh(), [version]);

  const take = async (change: ChangeSummary, step: Step, comment?: string) => {
    setProblem('');
    try {
      const answer = await reviewStep(change.id, step, comment);
      if (answer.commit) {
        setDone(t('changes.published', { id: answer.commit.slice(0, 7) }));
        onDone(t('changes.published', { id: answer.commit.slice(0, 7) }));
      }
    } catch (error) {
      setProblem(t('changes.failed', { reason: (error as Error).message }));
    }
    await refresh();
  };

  return (
    <section className="changes" aria-label={t('changes.title')}>
      <h2>{t('changes.title')}</h2>
      {!changes.length && <p>{t('changes.none')}</p>}
      <ul>
        {changes.map((change) => (
          <li key={change.id}>
            <strong>{change.author}</strong> · {t(`changes.state.${change.state}`)}
            <ul>
              {change.files.map((path) => (
                <li key={path}>
                  {titles.get(path) ?? path}
                  {titles.has(path) && <span className="path">{path}</span>}
                </li>
              ))}
            </ul>
            {change.returned && <p className="returned">{t('changes.returnedBy', change.returned)}</p>}
            {returning?.id === change.id ? (
              <form
                className="return-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!returning.comment.trim()) return;
                  setReturning(undefined);
                  void take(change, 'return', returning.comment.trim());
                }}
              >
                <label htmlFor={`return-${change.id}`}>{t('changes.returnWhy')}</label>
                <textarea
                  id={`return-${change.id}`}
                  required
                  value={returning.comment}
                  onChange={(event) => setReturning({ id: change.id, comment: event.target.value })}
                />
                <button type="submit">{t('changes.return')}</button>
                <button type="button" onClick={() => setReturning(undefined)}>
                  {t('event.cancel')}
                </button>
              </form>
            ) : (
              stepsFor(member, change).map((step) => (
                <button key={step} type="button" onClick={() => (step === 'return' ? setReturning({ id: change.id, comment: '' }) : void take(change, step))}>
                  {t(`changes.${step}`)}
                </button>
              ))
            )}
          </li>
        ))}
      </ul>
      {done && (
        <p className="done" role="status">
          {done}
        </p>
      )}
      {problem && <p className="problem">{problem}</p>}
    </section>
  );
}
