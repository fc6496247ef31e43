export function cacheDir(...parts: string[]): string;
export function hashOf(file: string): string | undefined;
export function freshBundle<Meta>(name: string, key: string): { folder: string; meta: Meta } | undefined;
export function bundleKey(settings: unknown, bundlerFiles: string[]): string;
export function hashOfText(text: string | Buffer): string;
export function freshScript(name: string, key: string, file: string): { path: string; text: string } | undefined;
