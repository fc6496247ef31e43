#!/usr/bin/env node
// Runs a TypeScript file of this project through tsx: `node bin/run.js path/to/file.ts [args]`.
import { register } from 'tsx/esm/api';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const [file, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], resolve(file), ...rest];
await import(pathToFileURL(resolve(file)).href);
