import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// Evaluated rather than added as a <script> tag: the pages' Content-Security-Policy allows no inline script.
const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** Every axe-core violation on the page as it is now, as `rule (impact): targets`. */
export async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}
