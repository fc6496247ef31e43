import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/helpers/compile.ts'],
    setupFiles: ['tests/helpers/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: browser tests and builds compete for them, so run at most two files at once.
    maxWorkers: 2,
  },
});
