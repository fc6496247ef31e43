#!/usr/bin/env node
// The `esg` command: loads cli/main.ts (bin/cli.js says how) and runs it.
import { loadCli } from './cli.js';

// React's development build checks and warns on every element it renders, which doubled the
// build's render time; the site is built with the production build unless NODE_ENV says otherwise.
process.env.NODE_ENV ??= 'production';
const { run } = await loadCli();
await run(process.argv);
