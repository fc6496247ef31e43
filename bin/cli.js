// Loads the `esg` command's code, cli/main.ts. Its TypeScript sources run from one script that
// esbuild made of them, kept in the build cache while every source file, the lockfile and Node are
// unchanged (cli/build/moduleBundle.ts): the command then starts in a fraction of a second instead
// of the second and more tsx takes to load and compile some hundred modules. When there is no
// fresh script (after `npm ci`, or a change to the code), tsx loads the sources and the script is
// made meanwhile, for the next command.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleKey, freshScript, hashOf } from './cache.js';

const projectFile = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The command's bundle, as cli/build/moduleBundle.ts makes it; the same description on both sides. */
export function cliBundle() {
  return {
    name: 'cli',
    entry: projectFile('cli/main.ts'),
    file: 'cli.mjs',
    packages: 'outside',
    // Packages are imported from their files: a new lockfile may have moved them.
    key: bundleKey({ entry: 'cli/main.ts', node: process.version, lockfile: hashOf(projectFile('package-lock.json')) }, [projectFile('cli/build/moduleBundle.ts'), projectFile('bin/cli.js')]),
  };
}

/** cli/main.ts's exports: from the bundle when it is fresh and whole, else from the sources. */
export async function loadCli() {
  const bundle = cliBundle();
  const script = freshScript(bundle.name, bundle.key, bundle.file);
  if (script) {
    try {
      return await import(pathToFileURL(script.path).href);
    } catch {
      // Replaced by another command meanwhile: load the sources.
    }
  }
  const { register } = await import('tsx/esm/api');
  // The project's tsconfig (React's automatic JSX runtime) whatever folder the command is run from.
  register({ tsconfig: projectFile('tsconfig.json') });
  const { saveModuleBundle } = await import('../cli/build/moduleBundle.ts');
  // Node stays up until esbuild has made it, even after the command is done.
  void saveModuleBundle(bundle);
  return import('../cli/main.ts');
}
