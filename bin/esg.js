#!/usr/bin/env node
// The `esg` command: runs the compiled command in dist/, made from cli/ by scripts/compile.js at
// `npm install` (and by `npm run compile` after a change to the code).
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// React's development build checks and warns on every element it renders, which doubled the
// build's render time; the site is built with the production build unless NODE_ENV says otherwise.
process.env.NODE_ENV ??= 'production';
// A build makes much short-lived garbage (each page's elements and markup). By default V8 lets a
// heap grow to up to four times what outlived its last full collection before it collects again,
// which took a cold build of 10,000 events to 1.2 GB; letting it grow by 30 % holds that build
// to about 0.8 GB, for about 3 % more CPU time (bench/RESULTS.md, section 18). The flag is
// process-wide, so it holds the worker threads' heaps too.
setFlagsFromString('--heap-growing-percent=30');
const compiled = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  console.error('esg: ESG8009 the command is not compiled (dist/cli.js is missing)\n  hint: run `npm install`, or `npm run compile`');
  process.exit(2);
}
const { run } = await import(compiled.href);
await run(process.argv);
