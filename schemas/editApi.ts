/**
 * What the local editor's page (editor/) and its server (cli/edit/) agree on, as forms.ts is for
 * the site's forms: a problem of a save, at its field, the language of the interface, and the files of content/assets.
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
  /** The message and hint in Traditional Chinese (cli/errorCatalogue.zh_TW.ts), shown by a zh_TW interface. */
  zh_TW?: { message: string; hint?: string };
  /** The same converted to Simplified Chinese, shown by a zh_CN interface. */
  zh_CN?: { message: string; hint?: string };
}

/** `items[3].to` from `['items', 3, 'to']`: how problems name a field, in the build and in the editor. */
export function fieldName(path: (string | number)[]): string {
  return path.reduce<string>((name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

/** The languages of the editor's interface: Traditional Chinese first, the report team's; Simplified for a mainland colleague. */
export const editorLanguages = ['zh_TW', 'zh_CN', 'en'] as const;
export type EditorLanguage = (typeof editorLanguages)[number];

/** `<html lang>` of each. */
export const htmlLang: Record<EditorLanguage, string> = { zh_TW: 'zh-Hant-TW', zh_CN: 'zh-Hans-CN', en: 'en' };

/** The cookie that keeps a writer's choice of language (the switch in the editor's header). */
export const languageCookie = 'esg-edit-lang';

/**
 * The interface's language: the writer's choice (the cookie), else the first of the browser's
 * languages (`Accept-Language`, in its order of preference) that is Chinese or English (Chinese of
 * the mainland or Singapore, or written `zh-Hans`, in Simplified), else Traditional Chinese.
 */
export function editorLanguage(cookie: string | undefined, acceptLanguage: string | undefined): EditorLanguage {
  const chosen = /(?:^|;\s*)esg-edit-lang=([^;]+)/.exec(cookie ?? '')?.[1];
  if ((editorLanguages as readonly string[]).includes(chosen ?? '')) return chosen as EditorLanguage;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().toLowerCase().split(';');
      const weight = parameters.map((parameter) => /^q=([\d.]+)$/.exec(parameter.trim())?.[1]).find(Boolean);
      return { tag, weight: weight === undefined ? 1 : Number(weight) };
    })
    .filter(({ tag, weight }) => weight > 0 && /^(zh|en)\b/.test(tag))
    .sort((a, b) => b.weight - a.weight)[0];
  if (preferred?.tag.startsWith('en')) return 'en';
  return /^zh-(cn|sg|hans)\b/.test(preferred?.tag ?? '') ? 'zh_CN' : 'zh_TW';
}

/** What a file of content/assets is to the editor: a photograph (encoded by the build), a drawing (SVG, published as it is) or a document (PDF). */
export type MediaKind = 'photo' | 'drawing' | 'document';

export function mediaKindOf(path: string): MediaKind {
  if (/\.svg$/i.test(path)) return 'drawing';
  if (/\.pdf$/i.test(path)) return 'document';
  return 'photo';
}

/** A place that names an asset: the content file, the field (`blocks[2].image.src`, `body`), the description written beside it, and the file's pages in the preview. */
export interface MediaUse {
  file: string;
  field: string;
  alt?: string;
  pages: string[];
}

/** A file of content/assets as the media view lists it (`GET /api/assets`). */
export interface MediaFile {
  /** As pages write it: `/assets/images/plant.jpg`. */
  path: string;
  kind: MediaKind;
  bytes: number;
  /** A picture's size as shown, in pixels (none for a document). */
  width?: number;
  height?: number;
  /** Where content names it; empty when no page uses it. */
  uses: MediaUse[];
}

/**
 * The field that describes the picture a field names, beside it in the same object: an image's
 * `src` has `alt` (common.schema.json's image), an event's `cover` has `coverAlt`. Other asset
 * fields (a report's PDF `file`) name no picture.
 */
export function altFieldOf(field: string): string | undefined {
  return field === 'src' ? 'alt' : field === 'cover' ? 'coverAlt' : undefined;
}

/** What a team member may do in `esg edit --team`: a writer edits and submits, a reviewer also approves others' changes, an admin also publishes. */
export const teamRoles = ['writer', 'reviewer', 'admin'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** A signed-in member, as `GET /api/session` names them. */
export interface TeamMember {
  name: string;
  role: TeamRole;
  email?: string;
}

/** Who uses the editor (`GET /api/session`): the token's holder, or in team mode the member signed in (none yet: the sign-in form). */
export type EditSession = { mode: 'token' } | { mode: 'team'; member?: TeamMember; signIn: 'password' | 'proxy' };

/** A change goes draft → submitted → approved → published; a reviewer may return it to draft. */
export type ChangeState = 'draft' | 'submitted' | 'approved' | 'published' | 'discarded';

/** A change as `GET /api/changes` lists it: the content files it holds, by path, and while it is back with its author, the reviewer's word on why. */
export interface ChangeSummary {
  id: string;
  state: ChangeState;
  author: string;
  files: string[];
  returned?: { by: string; comment: string };
  /** What its author said of it when they last submitted it: the published version's message. */
  summary?: string;
}

/** A field a change changes (`GET /api/changes/<id>/diff`): its value in content/ now and in the change, each absent when there is none. */
export interface ChangedValue {
  /** A `/`-joined path (`facts/2/value`), or `body`. */
  field: string;
  /** The list item it is in, by its name: a metric's label, an event's title. */
  item?: string;
  before?: string;
  after?: string;
}

/** What a change would publish, file by file. */
export interface ChangeDiff {
  files: { path: string; made: boolean; values: ChangedValue[] }[];
}

/**
 * Who saved the version of a file that a save or a publish ran into (`412` of a save, `409` of a
 * publish): `name` when Git names the author of its last version, `you` for the member's own draft
 * saved in another window, else only when it was written.
 */
export interface SavedBy {
  name?: string;
  you?: true;
  /** ISO time. */
  at?: string;
}

/** One recorded change of a content file (`GET /api/history/<path>`), newest first in its list. */
export interface HistoryEntry {
  /** The commit's full hash: what `POST /api/history/<path>/undo` names. */
  commit: string;
  author: string;
  email: string;
  /** When the author made it, ISO 8601 with its offset. */
  date: string;
  /** The commit's message, its trailers left out. */
  message: string;
  /** Who approved it before it was published (team mode's `Approved-by:` trailer), by name. */
  approvedBy?: string;
  /** The data fields it changed, as `/`-joined paths (`facts/2/value`); `body` for a Markdown body. Empty when it added the file. */
  fields: string[];
  /** The file was made by this change: there is no earlier version to go back to. */
  added?: true;
}

/** A content file's recorded changes; `tracked: false` when the content folder keeps no history (no Git repository). */
export interface FileHistory {
  tracked: boolean;
  entries: HistoryEntry[];
}

/** A change of a figure's value as the editor shows it; one not yet committed has no author, date or message. */
export interface FigureEdit {
  author?: string;
  /** The author's date, ISO 8601 with its offset. */
  date?: string;
  /** The commit's message (the editor leaves its `Approved-by:` trailer out). */
  message?: string;
  /** Who approved the change before it was published (team mode's `Approved-by:` trailer). */
  approvedBy?: string;
  /** The value before; none when the change entered the figure. */
  from?: number;
  /** The value after; none when the change removed it. */
  to?: number;
  /** The registry's restatement reason for the year. */
  restated?: { zh_TW: string; en: string };
  /** Made in content/ and not yet in a recorded version. */
  uncommitted?: true;
}

/** `GET /api/figures/<id>/history`: each year's changes of the figure, newest first; `tracked` false outside Git. */
export interface FigureHistoryAnswer {
  tracked: boolean;
  years: Record<string, FigureEdit[]>;
}

/** A file of content/evidence/<year>/ (`GET /api/evidence/<year>`): its name inside the year's folder, bytes and SHA-256. */
export interface EvidenceFile {
  name: string;
  size: number;
  sha256: string;
}
