import { useState } from 'react';
import { gitCommit, type GitState } from './api.ts';

/** The content files Git sees changed, and a box to commit them with a message (never pushed). */
export function GitPanel({ state, onCommitted }: { state?: GitState; onCommitted: (message: string) => void }) {
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  if (!state) return null;
  if (!state.repository)
    return (
      <section className="git">
        <h2>Git</h2>
        <p>The content folder is not in a Git repository.</p>
      </section>
    );
  const changed = state.changed ?? [];
  const commit = async () => {
    setProblem('');
    try {
      const id = await gitCommit(message);
      setMessage('');
      onCommitted(`Committed ${changed.length} file${changed.length === 1 ? '' : 's'} (${id.slice(0, 7)}).`);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <section className="git" aria-label="Git">
      <h2>Git: {changed.length ? `${changed.length} changed` : 'nothing to commit'}</h2>
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
            aria-label="Commit message"
            placeholder="What changed, and why"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            rows={2}
          />
          <button type="button" onClick={commit} disabled={!message.trim()}>
            Commit
          </button>
          {problem && <p className="problem">{problem}</p>}
        </>
      )}
    </section>
  );
}
