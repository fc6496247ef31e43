import { execFileSync } from 'node:child_process';
import { commitAs as commitAsPerson } from '../helpers/gitAs.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHistory } from '../../cli/assurance/history.ts';
import { tempDir } from '../helpers/site.ts';

/** A registry of one metric with these values (and restatement reasons). */
const registry = (values: string, restated = '') => `units: { t: { zh_TW: 公噸, en: t } }
metrics:
  - id: waste-total
    topic: waste
    label: { zh_TW: 廢棄物總量, en: Total waste }
    unit: t
    values: { ${values} }
    boundary: { zh_TW: 全廠, en: The plant }${restated}
  - id: water
    topic: water
    label: { zh_TW: 取水量, en: Water withdrawal }
    unit: t
    values: { 2024: 12 }
    boundary: { zh_TW: 全廠, en: The plant }
`;

/** Writes the registry and commits it as the person named. */
function commitAs(repo: string, name: string, email: string, date: string, message: string, text: string): string {
  writeFileSync(join(repo, 'content/metrics.yaml'), text);
  return commitAsPerson(repo, name, email, date, message);
}

describe('a figure’s history', () => {
  it('names who changed each figure, when, from what to what and why, and whether it is a restatement', async () => {
    const repo = tempDir();
    execFileSync('git', ['init', '-q', repo]);
    mkdirSync(join(repo, 'content'));
    const first = commitAs(
      repo,
      '林怡君',
      'yijun@example.com',
      '2025-03-02T09:00:00+08:00',
      '2024 waste figures from the manifests',
      registry('2023: 140200, 2024: 145840'),
    );
    const second = commitAs(
      repo,
      'Chen Wei',
      'wei@example.com',
      '2025-04-18T16:30:00+08:00',
      // Published in team mode: the approver in a trailer.
      'Restate 2023 waste: late manifests of December\n\nThe December manifests arrived after the edition closed.\n\nApproved-by: 王審核 <review@example.com>',
      registry('2023: 141050, 2024: 145840', '\n    restated:\n      2023: { zh_TW: 補入十二月清運聯單。, en: Adds the December manifests. }'),
    );
    writeFileSync(
      join(repo, 'content/metrics.yaml'),
      registry('2023: 141050, 2024: 145900', '\n    restated:\n      2023: { zh_TW: 補入十二月清運聯單。, en: Adds the December manifests. }'),
    );

    const history = await readHistory(join(repo, 'content/metrics.yaml'));
    expect(history.tracked).toBe(true);
    expect(history.of('waste-total', 2023)).toEqual([
      {
        commit: first,
        author: '林怡君',
        email: 'yijun@example.com',
        date: '2025-03-02T09:00:00+08:00',
        message: '2024 waste figures from the manifests',
        to: 140200,
        from: undefined,
      },
      {
        commit: second,
        author: 'Chen Wei',
        email: 'wei@example.com',
        date: '2025-04-18T16:30:00+08:00',
        message:
          'Restate 2023 waste: late manifests of December\n\nThe December manifests arrived after the edition closed.\n\nApproved-by: 王審核 <review@example.com>',
        approvedBy: '王審核 <review@example.com>',
        from: 140200,
        to: 141050,
        restated: { zh_TW: '補入十二月清運聯單。', en: 'Adds the December manifests.' },
      },
    ]);
    // The value now differs from the last commit: a change not committed yet.
    expect(history.of('waste-total', 2024).map(({ commit, author, from, to, restated }) => ({ commit, author, from, to, restated }))).toEqual([
      { commit: first, author: '林怡君', from: undefined, to: 145840, restated: undefined },
      { commit: undefined, author: undefined, from: 145840, to: 145900, restated: undefined },
    ]);
    expect(history.of('water', 2024).map((change) => change.author)).toEqual(['林怡君']);
    expect(history.of('water', 2023)).toEqual([]);
  });

  it('compares each commit of a merged branch with its own parent, and a merge only where it differs from every parent', async () => {
    const repo = tempDir();
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    mkdirSync(join(repo, 'content'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
    commitAs(repo, 'Base', 'base@example.com', '2025-01-01T09:00:00+08:00', 'Base figures', registry('2024: 100'));
    git('checkout', '-q', '-b', 'plants');
    const onBranch = commitAs(
      repo,
      'Branch',
      'branch@example.com',
      '2025-01-03T09:00:00+08:00',
      'Water of the plants',
      registry('2024: 100').replace('values: { 2024: 12 }', 'values: { 2024: 14 }'),
    );
    git('checkout', '-q', 'main');
    const onMain = commitAs(repo, 'Main', 'main@example.com', '2025-01-02T09:00:00+08:00', 'Waste corrected', registry('2024: 105'));
    // Words only: no figure changes, and the version is not parsed.
    commitAs(repo, 'Main', 'main@example.com', '2025-01-04T09:00:00+08:00', 'Label', registry('2024: 105').replace('廢棄物總量', '廢棄物產生總量'));
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'Lead',
      GIT_AUTHOR_EMAIL: 'lead@example.com',
      GIT_COMMITTER_NAME: 'Lead',
      GIT_COMMITTER_EMAIL: 'lead@example.com',
    };
    execFileSync('git', ['merge', '-q', '--no-edit', 'plants'], { cwd: repo, env });

    const history = await readHistory(join(repo, 'content/metrics.yaml'));
    expect(history.of('waste-total', 2024).map(({ author, from, to, commit }) => ({ author, from, to, commit }))).toEqual([
      { author: 'Base', from: undefined, to: 100, commit: expect.any(String) },
      { author: 'Main', from: 100, to: 105, commit: onMain },
    ]);
    expect(history.of('water', 2024).map(({ author, from, to, commit }) => ({ author, from, to, commit }))).toEqual([
      { author: 'Base', from: undefined, to: 12, commit: expect.any(String) },
      { author: 'Branch', from: 12, to: 14, commit: onBranch },
    ]);
  });

  it('is empty outside a Git repository', async () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'metrics.yaml'), registry('2024: 1'));
    const history = await readHistory(join(folder, 'metrics.yaml'));
    expect(history.tracked).toBe(false);
    expect(history.of('waste-total', 2024)).toEqual([]);
  });
});
