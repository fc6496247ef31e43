import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, typesFile } from '../../cli/content/generateTypes.ts';

describe('content types', () => {
  it('are generated from the schemas and committed up to date (run `npm run schema:types`)', () => {
    expect(readFileSync(typesFile, 'utf8')).toBe(generateTypes());
  });
});
