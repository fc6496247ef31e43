/**
 * A translation being written: its file starts (in its YAML, a Markdown file's front matter) with
 * the unpublished line. The build leaves it out of its locale, so it is neither published nor
 * counted as translated (`esg i18n`), and the site goes on showing the page as it did without it;
 * the file is still checked. `esg edit` makes each new English file so and takes the line out when
 * the translator marks it ready. The site's shell files (its menus and texts) are never left out.
 */
export const unpublishedLine = '# unpublished translation: not published until this line is taken out (in esg edit: Translated: publish it)';

const unpublishedPattern = /^# unpublished translation:[^\n]*\n/m;

/** Whether a file's YAML (a Markdown file's front matter) holds the unpublished line. */
export const isUnpublished = (yamlText: string): boolean => unpublishedPattern.test(yamlText);

/** The text without its unpublished line. */
export const withoutUnpublishedLine = (text: string): string => text.replace(unpublishedPattern, '');
