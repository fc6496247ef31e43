/**
 * Run by scripts/compile.js (at `npm install`, and after each compile) with ESG_CACHE_DIR set to
 * dist/cache: compiles the schema validators and bundles the client into that folder, which every
 * build reads when its own build cache has no fresh entry (cli/cache.ts). Both depend on the tool
 * alone, so the first build after an install, with an empty build cache, does neither.
 */
import { loadValidators } from './content/validators.ts';
import { bundleClient } from './build/stages/07-bundle.ts';
import { tempDir } from './tempDir.ts';

await loadValidators();
// The bundle is written into a folder of its own, kept in the cache, and the folder dropped.
await bundleClient(tempDir('esg-install-'));
