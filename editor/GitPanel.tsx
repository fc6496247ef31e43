import { useState } from 'react';
import { gitCommit, type GitState } from './api.ts';
import { useText } from './language.tsx';

/** The content files Git sees changed, and a box to commit them with a message (never pushed). */
export function GitPanel({ state, onCommitted }: { state?: GitState; onCommitted: (message: string) => void }) {
  const t = useText();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  if (!state) return null;
  if (!state.repository)
    return (
      <section className="git">
        <h2>Git</h2>
        <p>{t('git.none')}</p>
      </section>
    );
  const changed = state.changed ?? [];
  const commit = async () => {
    setProblem('');
    try {
      const id = await gitCommit(message);
      setMessage('');
      onCommitted(t('git.committed', { count: changed.length, id: id.slice(0, 7) }));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <section className="git" aria-label="Git">
      <h2>{changed.length ? t('git.changed', { count: changed.length }) : t('git.clean')}</h2>
      {changed.length > 0 && (
        <>
          <ul>
            {changed.map((file) => (
              <li key={file.path}>
                <code>{file.status.trim()}</code> {file.path}
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
