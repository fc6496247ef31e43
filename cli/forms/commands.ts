import { writeFileSync } from 'node:fs';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';
import { exportCsv, formatStats, formsStats } from './export.ts';
import { formKinds, isFormKind } from '../../schemas/forms.ts';
import { openFormsStore, type FormsStore } from './store.ts';
import type { DatabaseChoice } from './database.ts';
import { backupForms, readBackup, restoreForms } from './backup.ts';
import { deleteSurveysBefore, eraseAddress, personData, retentionCutoff } from './rights.ts';
import { normaliseEmail } from './receiver.ts';

/**
 * The database `esg serve` keeps (brought up to date, so an older one reads as the current
 * tables); reading it never creates a SQLite file where the path is wrong.
 */
async function withStore<T>(choice: DatabaseChoice, work: (store: FormsStore) => Promise<T>, create = false): Promise<T> {
  const store = await openFormsStore({ ...choice, create });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** `esg forms export --kind`: the CSV of one form, into a file or onto the terminal. */
export async function exportFormsCsv(choice: DatabaseChoice, kind: string, outFile?: string): Promise<void> {
  if (!isFormKind(kind)) throw new UsageError(errors.unknownFormKind, kind, formKinds);
  const csv = await withStore(choice, (store) => exportCsv(store.database, kind));
  if (outFile) {
    writeFileSync(outFile, csv);
    console.log(`wrote ${outFile}`);
  } else {
    process.stdout.write(csv);
  }
}

/** `esg forms export --email`: every row that carries one address, as JSON (a subject access request). */
export async function exportPersonData(choice: DatabaseChoice, email: string, outFile?: string): Promise<void> {
  const data = await withStore(choice, (store) => personData(store.database, normaliseEmail(email)));
  const json = `${JSON.stringify(data, null, 2)}\n`;
  if (outFile) {
    writeFileSync(outFile, json);
    console.log(`wrote ${outFile}`);
  } else {
    process.stdout.write(json);
  }
}

/** `esg forms stats`: counts per form and the survey's mean concern per topic. */
export async function printFormsStats(choice: DatabaseChoice): Promise<void> {
  console.log(formatStats(await withStore(choice, (store) => formsStats(store.database))));
}

/** `esg forms erase --email`: removes one address everywhere and says what went, per table. */
export async function eraseFormsAddress(choice: DatabaseChoice, email: string): Promise<void> {
  const address = normaliseEmail(email);
  const erased = await withStore(choice, (store) => eraseAddress(store.database, address));
  const total = Object.values(erased).reduce((sum, count) => sum + count, 0);
  console.log(`${total ? 'erased' : 'nothing stored under'} ${address}`);
  for (const [table, count] of Object.entries(erased)) console.log(`  ${table.padEnd(17)} ${count}`);
}

/** `esg forms retention --months N`: deletes survey answers older than N months. */
export async function applySurveyRetention(choice: DatabaseChoice, months: number): Promise<void> {
  const cutoff = retentionCutoff(months);
  const deleted = await withStore(choice, (store) => deleteSurveysBefore(store.database, cutoff));
  console.log(
    `deleted ${deleted.survey_responses} survey ${deleted.survey_responses === 1 ? 'answer' : 'answers'} (${deleted.survey_ratings} ratings) stored before ${cutoff.toISOString()}`,
  );
}

/** `esg forms backup --to FILE`. */
export async function backupFormsTo(choice: DatabaseChoice, file: string): Promise<void> {
  const kind = await withStore(choice, (store) => backupForms(store.database, file));
  console.log(`wrote ${file} (${kind === 'sqlite' ? 'SQLite online backup' : 'JSON dump'})`);
}

/** `esg forms restore FILE`: into the chosen database, created when it is a new SQLite folder. */
export async function restoreFormsFrom(choice: DatabaseChoice, file: string, force: boolean): Promise<void> {
  const dump = await readBackup(file);
  await withStore(
    choice,
    async (store) => {
      const loaded = await restoreForms(store.database, dump, force);
      console.log(`restored ${file} into ${store.database.location}`);
      for (const [table, count] of Object.entries(loaded)) console.log(`  ${table.padEnd(17)} ${count}`);
    },
    true,
  );
}
