import { IntlMessageFormat } from 'intl-messageformat';
import type { Messages } from '../cli/content/types.ts';

export type MessageKey = keyof Messages;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** `t('footer.download', { year: 2024 })` for one locale; each message is compiled once. */
export function createTranslator(messages: Messages, iso: string): Translate {
  const compiled = new Map<string, IntlMessageFormat>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      const source = messages[key];
      if (source === undefined) throw new Error(`Unknown message key ${key}`);
      format = new IntlMessageFormat(source, iso);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}
