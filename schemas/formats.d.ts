export function date(value: string): boolean;
export function email(value: string): boolean;
export function optionalEmail(value: string): boolean;
export const formats: Record<'date' | 'email' | 'optional-email', (value: string) => boolean>;
