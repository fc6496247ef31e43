/**
 * A translation being written: its file starts (in its YAML, a Markdown file's front matter) with
 * the draft line. The build leaves a draft out of its locale, so it is neither published nor
 * counted as translated (`esg i18n`), and the site goes on showing the page as it did without it;
 * the file is still checked. `esg edit` makes each new English file a draft and takes the line out
 * when the translator marks it ready. The site's shell files (its menus and texts) are never left out.
 */
export const draftLine = '# draft: not published until this line is taken out (in esg edit: Mark ready to publish)';

const draftPattern = /^# draft:[^\n]*\n/m;

/** Whether a file's YAML (a Markdown file's front matter) holds the draft line. */
export const isDraft = (yamlText: string): boolean => draftPattern.test(yamlText);

/** The text without its draft line. */
export const withoutDraftLine = (text: string): string => text.replace(draftPattern, '');
