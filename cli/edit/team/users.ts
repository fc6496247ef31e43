import { addAccount, checkRole, readAccounts, removeAccount, resetPassword } from './accounts.ts';

/** What `esg users` commands print: one line a change, the list as a table. */
export async function addUser(folder: string, name: string, role: string, email: string | undefined): Promise<void> {
  const checked = checkRole(role);
  await addAccount(folder, name, checked, await passwordFromInput(), email);
  console.log(`added ${name} (${checked}) to ${folder}`);
}

export async function resetUser(folder: string, name: string): Promise<void> {
  await resetPassword(folder, name, await passwordFromInput());
  console.log(`set a new password for ${name}`);
}

export function removeUser(folder: string, name: string): void {
  removeAccount(folder, name);
  console.log(`removed ${name}; the sessions ${name} had open end at once`);
}

export function listUsers(folder: string): void {
  const accounts = readAccounts(folder);
  if (!accounts.length) return console.log(`no accounts in ${folder}`);
  const width = Math.max(...accounts.map((account) => account.name.length));
  for (const account of accounts) console.log(`${account.name.padEnd(width)}  ${account.role.padEnd(8)}  ${account.email ?? ''}`.trimEnd());
}

/**
 * The first line of standard input, without its line break: a password is never an argument,
 * which `ps` and the shell's history would show.
 */
async function passwordFromInput(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('password (one line; it is shown as typed, pipe it in to hide it): ');
  let text = '';
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}
