import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { formsEndpoint } from '../../cli/server/serve.ts';
import { formKinds, type FormKind } from '../../schemas/forms.ts';
import { marker, markerEmail, readSiteForms, validBody } from '../../bench/formsBodies.ts';
import { freePort, killHard, startServeProcess, type ServeProcess } from '../../bench/formsServer.ts';
import { parseCsv } from '../reports/parseCsv.ts';
import { runEsg, sampleContent, tempDir } from '../helpers/site.ts';
import { usePostgres } from '../helpers/postgres.ts';

const postgres = usePostgres();
const endpoint = formsEndpoint(sampleContent);
const forms = readSiteForms(sampleContent);

const running: ServeProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await killHard(server.child);
});

interface Submission {
  kind: FormKind;
  id: string;
  n: number;
}

/** POSTs one submission; true when the server acknowledged it (2xx), false for any failure. */
async function send(port: number, { kind, id, n }: Submission): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${endpoint}/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validBody(forms, kind, id, n)),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** How often each marker appears in `esg forms export` of each form (real CLI, real PostgreSQL). */
function exportedMarkers(databaseUrl: string): Record<FormKind, Map<string, number>> {
  const counted = {} as Record<FormKind, Map<string, number>>;
  for (const kind of formKinds) {
    const result = runEsg(['forms', 'export', '--kind', kind, '--database', databaseUrl]);
    expect(result.code, result.stderr).toBe(0);
    const [header, ...records] = parseCsv(result.stdout).filter((record) => record.length > 1);
    const column = header!.indexOf(kind === 'survey' ? 'organisation' : 'email');
    if (kind === 'survey') {
      // Every answer came with all its ratings (one transaction), even those cut off by the kill.
      const topics = forms.topics.map((topic) => header!.indexOf(topic));
      for (const record of records) expect(topics.every((at) => at >= 0 && /^[1-5]$/.test(record[at]!))).toBe(true);
    }
    counted[kind] = new Map();
    for (const record of records) counted[kind].set(record[column]!, (counted[kind].get(record[column]!) ?? 0) + 1);
  }
  return counted;
}

describe('two esg serve processes on one PostgreSQL', () => {
  it('take submissions at once; after one is killed with kill -9, every acknowledged submission is exported exactly once', async () => {
    const databaseUrl = await postgres.newDatabase();
    const outDir = tempDir('esg-pg-out-');
    const unused = join(tempDir('esg-pg-'), 'data');
    // Started together on a new database: the migrations' advisory lock lets one migrate.
    const [first, second] = await Promise.all(
      [freePort(), freePort()].map(async (port) => {
        const server = await startServeProcess({ outDir, dataDir: unused, databaseUrl, port: await port, rateLimit: 0 });
        running.push(server);
        return { server, port: await port };
      }),
    );

    const total = 360;
    const submissions: Submission[] = Array.from({ length: total }, (_, n) => {
      const kind = formKinds[n % formKinds.length]!;
      return { kind, id: marker('pg', kind, n), n };
    });
    const acknowledged: Submission[] = [];
    const acknowledgedBy = { first: 0, second: 0, secondAfterKill: 0 };
    let next = 0;
    let killed: Promise<void> | undefined;
    // 24 clients at once; half the submissions go to each server until the first is killed
    // (halfway, with requests in flight), then all go to the second.
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        while (next < total) {
          const submission = submissions[next++]!;
          if (next === total / 2) killed = killHard(first!.server.child);
          const toFirst = !killed && submission.n % 2 === 0;
          const ok = await send(toFirst ? first!.port : second!.port, submission);
          if (!ok) continue;
          acknowledged.push(submission);
          if (toFirst) acknowledgedBy.first++;
          else if (killed) acknowledgedBy.secondAfterKill++;
          else acknowledgedBy.second++;
        }
      }),
    );
    await killed;
    expect(first!.server.child.signalCode).toBe('SIGKILL');
    expect(acknowledgedBy.first).toBeGreaterThan(0);
    expect(acknowledgedBy.second).toBeGreaterThan(0);
    expect(acknowledgedBy.secondAfterKill).toBeGreaterThan(total / 3);
    // The second server never refused anything; only answers of the killed one went missing.
    expect(total - acknowledged.length).toBeLessThan(total / 4);

    const exported = exportedMarkers(databaseUrl);
    const key = ({ kind, id }: Submission) => (kind === 'survey' ? id : markerEmail(id));
    const missing = acknowledged.filter((submission) => exported[submission.kind].get(key(submission)) !== 1);
    expect(missing).toEqual([]);
    // Nothing is stored twice, nor anything that was never sent.
    const sent = new Set(submissions.map(key));
    for (const kind of formKinds) {
      for (const [value, count] of exported[kind]) {
        expect(count, value).toBe(1);
        expect(sent.has(value), value).toBe(true);
      }
    }
  });
});
