import type { EditorLanguage } from '../schemas/editApi.ts';

/**
 * The keywords of a schema node that give its title and description in Traditional Chinese
 * (cli/content/validators.ts), and in Simplified (the same, converted by the editor's server).
 */
const translatedKeywords: Record<Exclude<EditorLanguage, 'en'>, string> = { zh_TW: 'x-zh_TW', zh_CN: 'x-zh_CN' };
const isTranslation = (key: string) => Object.values(translatedKeywords).includes(key);

/** The schema with every title and description in the interface's language: zh_TW takes each node's `x-zh_TW` words, zh_CN its `x-zh_CN`. */
export function localizedSchema<T>(schema: T, language: EditorLanguage): T {
  if (language === 'en' || !schema || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((item: unknown) => localizedSchema(item, language)) as T;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, isTranslation(key) ? value : localizedSchema(value, language)]));
  const words = (node[translatedKeywords[language]] ?? node[translatedKeywords.zh_TW]) as { title?: string; description?: string } | undefined;
  return { ...node, ...words } as T;
}
