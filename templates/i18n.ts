import { IntlMessageFormat } from 'intl-messageformat';
import type { Messages } from '../schemas/types.ts';

export type MessageKey = keyof Messages;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * `t('footer.download', { year: 2024 })` for one locale. Each message is compiled once, and a
 * message without arguments is formatted once: a page asks for some forty of them, and the site
 * has hundreds of pages per locale.
 */
export function createTranslator(messages: Messages, iso: string): Translate {
  const compiled = new Map<string, IntlMessageFormat>();
  const formatted = new Map<string, string>();
  const formatOf = (key: MessageKey): IntlMessageFormat => {
    let format = compiled.get(key);
    if (!format) {
      const source = messages[key];
      if (source === undefined) throw new Error(`Unknown message key ${key}`);
      format = new IntlMessageFormat(source, iso);
      compiled.set(key, format);
    }
    return format;
  };
  return (key, values) => {
    if (values) return String(formatOf(key).format(values));
    let text = formatted.get(key);
    if (text === undefined) formatted.set(key, (text = String(formatOf(key).format())));
    return text;
  };
}
