#!/usr/bin/env node
// The `esg` command: loads the TypeScript sources through tsx, then hands over to cli/main.ts.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

// React's development build checks and warns on every element it renders, which doubled the
// build's render time; the site is built with the production build unless NODE_ENV says otherwise.
process.env.NODE_ENV ??= 'production';
// The project's tsconfig (React's automatic JSX runtime) whatever folder the command is run from.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../cli/main.ts');
