import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errors } from '../../cli/errorCatalogue.ts';
import { errorDocs, errorDocsFile } from '../../cli/errorDocs.ts';

describe('the error catalogue', () => {
  const entries = Object.values(errors);

  it('gives every problem a stable code of the form ESG and four digits, each used once', () => {
    const codes = entries.map((entry) => entry.code);
    expect(codes.every((code) => /^ESG\d{4}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives every entry a title and an example message', () => {
    for (const entry of entries) {
      expect(entry.title, entry.code).not.toBe('');
      expect(entry.shown.message, entry.code).not.toBe('');
    }
  });

  it('is documented in docs/errors.md, generated and up to date (run `npm run errors:docs`)', () => {
    const docs = readFileSync(errorDocsFile, 'utf8');
    expect(docs).toBe(errorDocs());
    for (const entry of entries) expect(docs).toContain(`### ${entry.code} `);
  });
});
