import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';
import { databaseFile } from './store.ts';
import { exportCsv, formatStats, formsStats } from './export.ts';
import { formKinds, isFormKind } from '../../schemas/forms.ts';
import { migrate } from './migrations.ts';

/** `esg forms export`: the CSV of one form, into a file or onto the terminal. */
export function exportFormsCsv(dataDir: string, kind: string, outFile?: string): void {
  if (!isFormKind(kind)) throw new UsageError(errors.unknownFormKind, kind, formKinds);
  const db = openExisting(dataDir);
  try {
    const csv = exportCsv(db, kind);
    if (outFile) {
      writeFileSync(outFile, csv);
      console.log(`wrote ${outFile}`);
    } else {
      process.stdout.write(csv);
    }
  } finally {
    db.close();
  }
}

/** `esg forms stats`: counts per form and the survey's mean concern per topic. */
export function printFormsStats(dataDir: string): void {
  const db = openExisting(dataDir);
  try {
    console.log(formatStats(formsStats(db)));
  } finally {
    db.close();
  }
}

/** The database `esg serve` keeps; reading it never creates one where the path is wrong. */
function openExisting(dataDir: string) {
  const file = join(dataDir, databaseFile);
  if (!existsSync(file)) throw new UsageError(errors.noFormsData, file, dataDir);
  const db = new Database(file);
  // An older data folder is brought up to date so the export reads the current tables.
  migrate(db);
  return db;
}
