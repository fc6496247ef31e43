import { useEffect, useState, type FormEvent } from 'react';
import type { EditSession, TeamMember } from '../schemas/editApi.ts';
import { currentSession, signIn, signOut } from './api.ts';
import { App } from './App.tsx';
import { LanguageSwitch, useText } from './language.tsx';

/**
 * The editor for whoever may use it: at once for the token's holder; in team mode, the sign-in
 * form until a member has signed in (or the proxy has named them), then the editor as theirs.
 */
export function SignedIn() {
  const [session, setSession] = useState<EditSession>();
  useEffect(() => void currentSession().then(setSession), []);
  if (!session) return null;
  if (session.mode === 'token') return <App />;
  if (session.member) return <App member={session.member} onSignOut={() => void signOut().then(() => setSession({ ...session, member: undefined }))} />;
  return <SignIn proxy={session.signIn === 'proxy'} onSignedIn={(member) => setSession({ ...session, member })} />;
}

function SignIn({ proxy, onSignedIn }: { proxy: boolean; onSignedIn: (member: TeamMember) => void }) {
  const t = useText();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await signIn(name.trim(), password);
    setBusy(false);
    if (answer.kind === 'signed-in') return onSignedIn(answer.member);
    setPassword('');
    setProblem(
      answer.kind === 'wrong'
        ? t('signIn.wrong')
        : answer.kind === 'wait'
          ? t('signIn.wait', { minutes: Math.ceil(answer.seconds / 60) })
          : t('signIn.failed', { reason: answer.message }),
    );
  };
  return (
    <main className="sign-in">
      <header className="top">
        <h1>{t('app.title')}</h1>
        <LanguageSwitch />
      </header>
      {proxy ? (
        <p className="problem">{t('signIn.proxy')}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <h2>{t('signIn.title')}</h2>
          <label>
            {t('signIn.name')}
            <input name="name" autoComplete="username" required value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label>
            {t('signIn.password')}
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button type="submit" disabled={busy}>
            {busy ? t('signIn.signingIn') : t('signIn.submit')}
          </button>
          {problem && (
            <p className="problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </main>
  );
}
