import { afterAll } from 'vitest';
import { removeTempDirs } from './site.ts';

// Every test file cleans up the temp content and out/ folders it made.
afterAll(removeTempDirs);
