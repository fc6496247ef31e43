import { compile } from '../../scripts/compile.js';

/**
 * vitest's global set-up: tests run the sources, but the search thread, the background remover
 * and every spawned `esg` command run the compiled command (dist/), which is compiled here from
 * the same sources first.
 */
export default async function setup(): Promise<void> {
  await compile();
}
