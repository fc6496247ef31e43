export const entries: Record<string, string>;
export function compile(): Promise<void>;
