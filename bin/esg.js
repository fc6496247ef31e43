#!/usr/bin/env node
// The `esg` command: runs the compiled command in dist/, made from cli/ by scripts/compile.js at
// `npm install` (and by `npm run compile` after a change to the code).
import { existsSync } from 'node:fs';

// React's development build checks and warns on every element it renders, which doubled the
// build's render time; the site is built with the production build unless NODE_ENV says otherwise.
process.env.NODE_ENV ??= 'production';
const compiled = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  console.error('esg: ESG8009 the command is not compiled (dist/cli.js is missing)\n  hint: run `npm install`, or `npm run compile`');
  process.exit(2);
}
const { run } = await import(compiled.href);
await run(process.argv);
