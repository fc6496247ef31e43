import { useState } from 'react';
import { gitCommit, type GitState } from './api.ts';
import { useText } from './language.tsx';
import type { MessageKey } from './messages.ts';

/** What Git's two-letter status of a file (` M`, `??`, ` D`, `R `) means to a writer. */
export function changeKind(status: string): 'new' | 'deleted' | 'renamed' | 'changed' {
  if (status.includes('?') || status.includes('A')) return 'new';
  if (status.includes('D')) return 'deleted';
  if (status.includes('R')) return 'renamed';
  return 'changed';
}

export const changeWords = (kind: ReturnType<typeof changeKind>): MessageKey => `git.status.${kind}`;

/**
 * The content files changed since the last saved version, and a box to save them as a version with
 * a message: a Git commit, never pushed, in words that need no Git.
 */
export function GitPanel({ state, titles, onCommitted }: { state?: GitState; titles: Map<string, string>; onCommitted: (message: string) => void }) {
  const t = useText();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  if (!state) return null;
  if (!state.repository)
    return (
      <section className="git" aria-label={t('git.panel')}>
        <h2>{t('git.panel')}</h2>
        <p>{t('git.none')}</p>
      </section>
    );
  const changed = state.changed ?? [];
  const commit = async () => {
    setProblem('');
    try {
      const id = await gitCommit(message);
      setMessage('');
      onCommitted(t(changed.length === 1 ? 'git.committedOne' : 'git.committed', { count: changed.length, id: id.slice(0, 7) }));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <section className="git" aria-label={t('git.panel')}>
      <h2>{t('git.panel')}</h2>
      <p className="git-state">{changed.length === 1 ? t('git.changedOne') : changed.length ? t('git.changed', { count: changed.length }) : t('git.clean')}</p>
      {changed.length > 0 && (
        <>
          <ul>
            {changed.map((file) => (
              <li key={file.path} title={file.path}>
                <span className={`badge ${changeKind(file.status)}`}>{t(changeWords(changeKind(file.status)))}</span> {titles.get(file.path) ?? file.path}
              </li>
            ))}
          </ul>
          <textarea
            aria-label={t('git.message')}
            placeholder={t('git.messagePlaceholder')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            rows={2}
          />
          <button type="button" onClick={commit} disabled={!message.trim()}>
            {t('git.commit')}
          </button>
          {problem && <p className="problem">{problem}</p>}
        </>
      )}
    </section>
  );
}
