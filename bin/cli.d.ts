import type { ModuleBundle } from '../cli/build/moduleBundle.ts';

export function cliBundle(): ModuleBundle;
export function loadCli(): Promise<typeof import('../cli/main.ts')>;
