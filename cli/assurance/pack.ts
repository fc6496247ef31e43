import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { validate } from '../build/index.ts';
import { toCsv } from '../build/csv.ts';
import { assuredYears, evidenceFolder } from '../content/trace.ts';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';
import { displayPath } from '../paths.ts';
import { figureRows } from './figureWords.ts';
import { headCommit, readHistory } from './history.ts';
import { packPage } from './page.tsx';
import { assuranceScope } from './scope.ts';

export interface PackOptions {
  year: number;
  contentDir: string;
  /** The pack's folder, made or replaced. */
  outDir: string;
  /** The built site, whose report PDFs' page maps say where each figure is printed. */
  siteDir: string;
}

/** What a pack holds, for the command's summary line. */
export interface PackMade {
  figures: number;
  evidence: number;
  incomplete: number;
  printed: boolean;
  /** Whether the content has changes not committed, which the pack holds but no commit names. */
  uncommitted: boolean;
}

/** The files that say a folder is an assurance pack, so that it may be replaced. */
const packFiles = ['index.html', 'figures.csv', 'figures.xlsx'];

/**
 * `esg assurance-pack`: for every figure of `year` in the assurance scope, one folder an assurer
 * opens offline: index.html, figures.xlsx and figures.csv, and the evidence with its SHA-256
 * checksums. The content is checked first, as a build checks it. The same commit gives the same
 * bytes: nothing in the pack depends on the time it was made.
 */
export async function assurancePack({ year, contentDir, outDir, siteDir }: PackOptions): Promise<PackMade> {
  const { model, plan, registry } = await validate(contentDir, { verbose: false });
  const assuredIn = [...new Set(registry?.data.metrics.flatMap(assuredYears) ?? [])].sort((a, b) => a - b);
  if (!registry || !assuredIn.includes(year)) throw new UsageError(errors.nothingAssured, year, assuredIn);
  if (existsSync(outDir) && readdirSync(outDir).length && !packFiles.every((name) => existsSync(join(outDir, name))))
    throw new UsageError(errors.packOverOther, displayPath(outDir));

  const registryFile = join(model.contentDir, 'metrics.yaml');
  const [history, commit] = await Promise.all([readHistory(registryFile), headCommit(model.contentDir)]);
  const figures = assuranceScope({ year, registry, model, plan, history, siteDir });
  const date = new Date(commit?.date ?? Date.UTC(1980, 0, 1));

  // Written beside the pack and swapped in whole: a failed pack leaves the last one as it was.
  const staging = `${outDir}.making`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const evidence = [...new Map(figures.flatMap((figure) => figure.evidence.map((file) => [file.path, file]))).values()].sort((a, b) =>
    a.path.localeCompare(b.path),
  );
  for (const file of evidence) {
    const target = join(staging, evidenceFolder, file.path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(model.contentDir, evidenceFolder, file.path), target);
  }
  mkdirSync(join(staging, evidenceFolder), { recursive: true });
  writeFileSync(join(staging, evidenceFolder, 'SHA256SUMS'), evidence.map((file) => `${file.sha256}  ${file.path}\n`).join(''));
  writeFileSync(join(staging, 'figures.csv'), toCsv(figureRows(figures)));
  writeFileSync(join(staging, 'figures.xlsx'), await (await import('./workbook.ts')).figuresWorkbook(figures, year, date));
  writeFileSync(join(staging, 'index.html'), packPage(figures, year, commit));
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
  return {
    figures: figures.length,
    evidence: evidence.length,
    incomplete: figures.filter((figure) => figure.missing.length).length,
    printed: figures.some((figure) => figure.printed),
    uncommitted: commit?.changed ?? false,
  };
}
