import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { formsEndpoint } from '../../cli/server/serve.ts';
import { formKinds } from '../../schemas/forms.ts';
import { marker, markerEmail, readSiteForms, validBody } from '../../bench/formsBodies.ts';
import { freePort, killHard, readStoredForms, startServeProcess, type ServeProcess } from '../../bench/formsServer.ts';
import { sampleContent, tempDir } from '../helpers/site.ts';

const running: ServeProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await killHard(server.child);
});

const endpoint = formsEndpoint(sampleContent);
const forms = readSiteForms(sampleContent);

/** The real `esg serve` command in its own process (an empty site folder: only the forms matter here). */
async function serve(dataDir: string, port: number, rateLimit = 20) {
  const server = await startServeProcess({ outDir: tempDir('esg-faults-out-'), dataDir, port, rateLimit });
  running.push(server);
  return server;
}

async function submit(port: number, kind: (typeof formKinds)[number], id: string, n: number) {
  const response = await fetch(`http://127.0.0.1:${port}${endpoint}/${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(validBody(forms, kind, id, n)),
  });
  return { status: response.status, body: (await response.json()) as { ok?: boolean; duplicate?: boolean } };
}

describe('esg serve keeps every acknowledged submission across kill -9', () => {
  it('finds each 201 in SQLite after the process is killed and started again on the same data folder', async () => {
    const dataDir = join(tempDir('esg-faults-'), 'data');
    const port = await freePort();
    const first = await serve(dataDir, port);
    const before = formKinds.flatMap((kind) => [0, 1, 2].map((n) => ({ kind, id: marker('faults', kind, n), n })));
    const answers = await Promise.all(before.map(({ kind, id, n }) => submit(port, kind, id, n)));
    expect(answers.map((answer) => answer.status)).toEqual(before.map(() => 201));

    await killHard(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    await serve(dataDir, port);
    // The restarted server sees the address stored before the kill.
    expect(await submit(port, 'subscribe', marker('faults', 'subscribe', 0), 0)).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    const after = formKinds.map((kind) => ({ kind, id: marker('faults', kind, 3), n: 3 }));
    for (const { kind, id, n } of after) expect((await submit(port, kind, id, n)).status).toBe(201);

    const stored = readStoredForms(dataDir, forms.topics.length);
    for (const { kind, id } of [...before, ...after]) expect(stored[kind].has(kind === 'survey' ? id : markerEmail(id))).toBe(true);
    expect(stored.counts).toEqual({ subscribe: 4, quiz: 4, survey: 4, ratings: 4 * forms.topics.length });
    expect(stored.surveysMissingRatings).toBe(0);
  });

  it('takes its submissions-a-minute limit from --rate-limit (0 = none, for load tests)', async () => {
    const limited = await freePort();
    await serve(join(tempDir('esg-faults-'), 'data'), limited, 2);
    const statuses = [];
    for (const n of [0, 1, 2]) statuses.push((await submit(limited, 'quiz', marker('limit', 'quiz', n), n)).status);
    expect(statuses).toEqual([201, 201, 429]);
    const open = await freePort();
    await serve(join(tempDir('esg-faults-'), 'data'), open, 0);
    const many = await Promise.all(Array.from({ length: 30 }, (_, n) => submit(open, 'quiz', marker('open', 'quiz', n), n)));
    expect(many.every((answer) => answer.status === 201)).toBe(true);
  });
});
