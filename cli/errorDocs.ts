/**
 * Writes docs/errors.md from the catalogue (cli/errorCatalogue.ts): every code with its title, an
 * example of what `esg` prints, and the fix. Run with `npm run errors:docs`; a test fails when the
 * committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errors } from './errorCatalogue.ts';
import { projectPath } from './paths.ts';

const ranges: [prefix: string, title: string][] = [
  ['ESG1', 'Content files and YAML'],
  ['ESG2', 'A field against its schema'],
  ['ESG3', 'Locales'],
  ['ESG4', 'Pages and what content points at'],
  ['ESG5', 'The quiz and the survey'],
  ['ESG6', 'The built site (`esg check`)'],
  ['ESG7', 'Metrics and figures (content/metrics.yaml)'],
  ['ESG8', 'The command line and the servers'],
  ['ESG9', 'The report PDF, as it is read back'],
];

export function errorDocs(): string {
  const entries = Object.values(errors);
  const lines = [
    '# Error codes',
    '',
    '<!-- Generated from cli/errorCatalogue.ts by `npm run errors:docs`. Do not edit by hand. -->',
    '',
    'Every problem `esg` reports has a code. Content problems are printed as',
    '`file:line:column  CODE field: message`, with the lines around the mistake and a hint; command',
    'problems as `esg: CODE message`. Errors stop the build (exit code 1 for content, 2 for the',
    'command) and leave the previous `out/` as it was; warnings are printed and the build goes on.',
    '',
  ];
  for (const [prefix, title] of ranges) {
    lines.push(`## ${title}`, '');
    for (const entry of entries.filter((candidate) => candidate.code.startsWith(prefix))) {
      const { message, hint } = entry.shown;
      lines.push(
        `### ${entry.code} ${entry.title}${entry.warning ? ' (warning)' : ''}`,
        '',
        'Example:',
        '',
        '```',
        message,
        '```',
        '',
        ...(hint ? [`Fix: ${hint}.`.replace(/\.\.$/, '.'), ''] : []),
      );
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export const errorDocsFile = projectPath('docs/errors.md');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(errorDocsFile, errorDocs());
  console.log(`wrote ${errorDocsFile}`);
}
