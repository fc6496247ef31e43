/**
 * What the local editor's page (editor/) and its server (cli/edit/) agree on, as forms.ts is for
 * the site's forms: a problem of a save, at its field.
 */
export interface EditProblem {
  /** The content file, as the editor lists it. */
  file: string;
  /** The field path, `sections[0].id`; empty for the whole file. */
  field: string;
  message: string;
  /** The catalogue's code: `ESG4006`. */
  code: string;
  line: number;
  column: number;
  hint?: string;
}
