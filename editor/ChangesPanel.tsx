import { useEffect, useState } from 'react';
import type { ChangeSummary, TeamMember } from '../schemas/editApi.ts';
import { listChanges, reviewStep, StaleFiles, type StaleFile } from './api.ts';
import { writtenTime } from './DateInput.tsx';
import { ChangeView, fileName } from './ChangeView.tsx';
import { useLanguage, useText } from './language.tsx';

type Step = 'submit' | 'approve' | 'return' | 'publish' | 'discard';

/** The steps a member may take on a change, as the server allows them (cli/edit/team/changeApi.ts). */
function stepsFor(member: TeamMember, change: ChangeSummary): Step[] {
  const own = change.author === member.name;
  const reviewer = member.role !== 'writer';
  // Its author, or an admin, may throw a change away until it is published.
  const discard: Step[] = own || member.role === 'admin' ? ['discard'] : [];
  if (change.state === 'draft') return [...(own ? (['submit'] as Step[]) : []), ...discard];
  if (change.state === 'submitted') return [...(reviewer ? [...(own ? [] : (['approve'] as Step[])), 'return' as Step] : []), ...discard];
  if (change.state === 'approved')
    return [...(member.role === 'admin' ? (['publish'] as Step[]) : []), ...(reviewer ? (['return'] as Step[]) : []), ...discard];
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
  schemaOf,
  onDone,
  onDiscarded,
}: {
  member: TeamMember;
  version: number;
  titles: Map<string, string>;
  /** The schema a file's form is made from, by its path: the changed fields are named by their titles. */
  schemaOf: (path: string) => string | undefined;
  /** A change was discarded: the files it held are to be opened again as published. */
  onDiscarded: () => void;
  onDone: (message: string) => void;
}) {
  const t = useText();
  const { language } = useLanguage();
  const [changes, setChanges] = useState<ChangeSummary[]>([]);
  const [problem, setProblem] = useState('');
  /** What the member's last step did, said in the panel: the editor's own status line moves on with the builds. */
  const [done, setDone] = useState('');
  /** The change being submitted or returned, and the words so far: what the author changed, or what the reviewer asks to change. */
  /** The change whose content is shown in a dialog. */
  const [viewing, setViewing] = useState<ChangeSummary>();
  const [asking, setAsking] = useState<{ id: string; step: 'submit' | 'return'; comment: string }>();
  const refresh = () =>
    listChanges().then(
      (all) => setChanges(all.filter((change) => change.state !== 'published' && change.state !== 'discarded')),
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
      if (step === 'discard') {
        setDone(t('changes.discarded'));
        onDone(t('changes.discarded'));
        onDiscarded();
      }
    } catch (error) {
      setProblem(
        error instanceof StaleFiles
          ? error.files.map((file) => staleSentence(file, change.author)).join(' ')
          : t('changes.failed', { reason: (error as Error).message }),
      );
    }
    await refresh();
  };

  /** A file published meanwhile in another version: who saved it, and what the change's author does now. */
  const staleSentence = (file: StaleFile, author: string) => {
    const words = { file: titles.get(file.path) ?? file.path, author, at: file.savedBy.at ? writtenTime(file.savedBy.at, language) : '' };
    return file.savedBy.name ? t('changes.stale', { ...words, name: file.savedBy.name }) : t('changes.staleUnknown', words);
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
                  {fileName(path, titles, t)}
                  {titles.has(path) && <span className="path">{path}</span>}
                </li>
              ))}
            </ul>
            <button type="button" className="view" onClick={() => setViewing(change)}>
              {t('changes.view')}
            </button>
            {change.summary && <p className="summary">{t('changes.summary', { summary: change.summary })}</p>}
            {change.returned && <p className="returned">{t('changes.returnedBy', change.returned)}</p>}
            {asking?.id === change.id ? (
              <form
                className="return-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!asking.comment.trim()) return;
                  setAsking(undefined);
                  void take(change, asking.step, asking.comment.trim());
                }}
              >
                <label htmlFor={`${asking.step}-${change.id}`}>{t(asking.step === 'submit' ? 'changes.submitWhat' : 'changes.returnWhy')}</label>
                <textarea
                  id={`${asking.step}-${change.id}`}
                  required
                  value={asking.comment}
                  onChange={(event) => setAsking({ ...asking, comment: event.target.value })}
                />
                <button type="submit">{t(`changes.${asking.step}`)}</button>
                <button type="button" onClick={() => setAsking(undefined)}>
                  {t('event.cancel')}
                </button>
              </form>
            ) : (
              stepsFor(member, change).map((step) => (
                <button
                  key={step}
                  type="button"
                  onClick={() => {
                    if (step === 'return' || step === 'submit')
                      return setAsking({ id: change.id, step, comment: step === 'submit' ? (change.summary ?? '') : '' });
                    if (step === 'discard' && !confirm(t('changes.discardConfirm', { author: change.author }))) return;
                    void take(change, step);
                  }}
                >
                  {t(`changes.${step}`)}
                </button>
              ))
            )}
          </li>
        ))}
      </ul>
      {viewing && <ChangeView change={viewing} titles={titles} schemaOf={schemaOf} onClose={() => setViewing(undefined)} />}
      {done && (
        <p className="done" role="status">
          {done}
        </p>
      )}
      {problem && <p className="problem">{problem}</p>}
    </section>
  );
}
