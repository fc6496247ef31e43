/** The editor page's calls to the `esg edit` API (cli/edit/server.ts), on its own origin with the token's cookie. */

import { emptyRegistry, type Registry, type RegistryMetric } from './figures.ts';

/** A content file as `GET /api/files` lists it. */
export interface ListedFile {
  path: string;
  group: string;
  locale?: string;
  schema: string;
  changed: string;
  changedBy: string;
  translations?: Record<'en' | 'zh_CN', { exists: boolean; stale?: boolean; unpublished?: boolean }>;
  /** Its title as its page shows it, when it has one. */
  title?: string;
}

/** A file as opened for editing: its data, a Markdown file's body, its ETag and its pages in the preview. */
export interface OpenedFile {
  path: string;
  locale?: string;
  schema: string;
  pages: string[];
  data: Record<string, unknown> | null;
  body?: string;
  syntaxErrors?: string[];
  /** A translation being written, not yet published (cli/content/unpublished.ts). */
  unpublished?: boolean;
  etag: string;
}

/** A problem a save would give the build, at its field (`sections[0].heading`): the server's own type. */
export type { EditProblem as Problem } from '../schemas/editApi.ts';
import type {
  ChangeDiff,
  ChangeSummary,
  EditorLanguage,
  EditProblem as Problem,
  EditSession,
  EvidenceFile,
  FigureHistoryAnswer,
  FileHistory,
  MediaFile,
  SavedBy,
  TeamMember,
} from '../schemas/editApi.ts';

export type SaveAnswer =
  | { kind: 'saved'; etag: string; changed: boolean }
  | { kind: 'invalid'; problems: Problem[] }
  | { kind: 'conflict'; savedBy?: SavedBy }
  | { kind: 'failed'; message: string };

export interface GitState {
  repository: boolean;
  changed?: { path: string; status: string }[];
}

const fileAddress = (path: string) => `/api/files/${path.split('/').map(encodeURIComponent).join('/')}`;

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

export async function listFiles(): Promise<ListedFile[]> {
  return (await json<{ files: ListedFile[] }>(await fetch('/api/files'))).files;
}

/** The files whose path and text hold every word of `query`, each with the words around the first match. */
export async function findFiles(query: string, signal?: AbortSignal): Promise<{ path: string; excerpt?: string }[]> {
  return (await json<{ found: { path: string; excerpt?: string }[] }>(await fetch(`/api/files?find=${encodeURIComponent(query)}`, { signal }))).found;
}

/** A translation's zh_TW source now and as it was when the translation last changed (null outside Git). */
export interface Translation {
  source: { path: string; data: unknown; body?: string };
  before: { data: unknown; body?: string } | null;
  translated: string;
}

export async function openTranslation(path: string): Promise<Translation> {
  return json<Translation>(await fetch(`/api/translation/${path.split('/').map(encodeURIComponent).join('/')}`));
}

/** A zh_TW file's text converted to Simplified as the zh_CN site converts it: where a zh_CN override starts. */
export async function convertedFile(path: string): Promise<{ data: unknown; body?: string }> {
  return json<{ data: unknown; body?: string }>(await fetch(`${fileAddress(path)}?as=zh_CN`));
}

export async function openFile(path: string): Promise<OpenedFile> {
  const response = await fetch(fileAddress(path));
  const body = await json<Omit<OpenedFile, 'etag'>>(response);
  return { ...body, etag: response.headers.get('ETag') ?? '' };
}

/**
 * Saves a file over the version it was opened as; `reviewed`: a translation checked against every
 * change of its source; `ready`: an unpublished translation to publish.
 */
export async function saveFile(file: OpenedFile, data: unknown, body?: string, reviewed?: boolean, ready?: boolean): Promise<SaveAnswer> {
  const response = await fetch(fileAddress(file.path), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'If-Match': file.etag },
    body: JSON.stringify({ data, ...(body === undefined ? {} : { body }), ...(reviewed ? { reviewed } : {}), ...(ready ? { ready } : {}) }),
  });
  return saveAnswer(response);
}

/** A content file's recorded changes, newest first (`tracked: false` where the content keeps no history). */
export async function fileHistory(path: string): Promise<FileHistory> {
  return json<FileHistory>(await fetch(`/api/history/${path.split('/').map(encodeURIComponent).join('/')}`));
}

/** Undoes a recorded change of a file: the version from before it, saved over the version open (into the member's change in team mode). */
export async function undoChange(file: OpenedFile, commit: string): Promise<SaveAnswer> {
  return saveAnswer(
    await fetch(`/api/history/${file.path.split('/').map(encodeURIComponent).join('/')}/undo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'If-Match': file.etag },
      body: JSON.stringify({ commit }),
    }),
  );
}

async function saveAnswer(response: Response): Promise<SaveAnswer> {
  const answer = (await response.json()) as { etag?: string; changed?: boolean; problems?: Problem[]; error?: string; savedBy?: SavedBy };
  if (response.status === 200) return { kind: 'saved', etag: answer.etag!, changed: answer.changed ?? true };
  if (response.status === 412) return { kind: 'conflict', ...(answer.savedBy ? { savedBy: answer.savedBy } : {}) };
  if (response.status === 422) return { kind: 'invalid', problems: answer.problems ?? [] };
  return { kind: 'failed', message: answer.error ?? `${response.status}` };
}

export type CreateAnswer = { kind: 'created' } | { kind: 'invalid'; problems: Problem[] } | { kind: 'failed'; message: string };

/** Makes a new content file (`If-None-Match: *`: never over an existing one), checked as a save is. */
export async function createFile(path: string, data: unknown, body?: string): Promise<CreateAnswer> {
  const response = await fetch(fileAddress(path), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' },
    body: JSON.stringify(body === undefined ? { data } : { data, body }),
  });
  const answer = (await response.json()) as { problems?: Problem[]; error?: string };
  if (response.status === 201) return { kind: 'created' };
  if (response.status === 422) return { kind: 'invalid', problems: answer.problems ?? [] };
  return { kind: 'failed', message: answer.error ?? `${response.status}` };
}

export async function gitState(): Promise<GitState> {
  return json<GitState>(await fetch('/api/git'));
}

export async function gitCommit(message: string): Promise<string> {
  const answer = await json<{ commit?: string }>(
    await fetch('/api/git/commit', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message }) }),
  );
  return answer.commit ?? '';
}

type Schema = Record<string, unknown>;
const schemas = new Map<string, Promise<Schema>>();

function schemaFile(name: string): Promise<Schema> {
  const file = name.endsWith('.schema.json') ? name : `${name}.schema.json`;
  if (!schemas.has(file))
    schemas.set(
      file,
      fetch(`/api/schemas/${encodeURIComponent(file)}`).then((response) => json<Schema>(response)),
    );
  return schemas.get(file)!;
}

/**
 * A file's schema with every schema it refers to (`common.schema.json#/$defs/text`) copied under
 * its `$defs` by file name, and each `$ref` pointed there: one self-contained schema, which is
 * what @rjsf resolves references in.
 */
export async function bundledSchema(name: string): Promise<Schema> {
  const root = `${name.replace(/\.schema\.json$/, '')}.schema.json`;
  const files = new Map<string, Schema>();
  const pending = [root];
  while (pending.length) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    const schema = await schemaFile(file);
    files.set(file, schema);
    for (const ref of refsOf(schema)) {
      const target = ref.split('#')[0]!;
      if (target && !files.has(target)) pending.push(target);
    }
  }
  const pointed = (file: string, value: unknown): unknown =>
    rewriteRefs(value, (ref) => {
      const [target, pointer = ''] = ref.split('#');
      const owner = target || file;
      return owner === root ? `#${pointer}` : `#/$defs/${owner}${pointer}`;
    });
  const bundle = pointed(root, files.get(root)) as Schema;
  const defs = { ...(bundle.$defs as Schema | undefined) };
  for (const [file, schema] of files) {
    if (file === root) continue;
    const { $schema: _dialect, $id: _id, ...rest } = pointed(file, schema) as Schema;
    defs[file] = rest;
  }
  return namedFields({ ...bundle, $defs: defs }) as Schema;
}

/**
 * A field that only refers to a definition (`"title": { "$ref": "…/text" }`) would be labelled with
 * the definition's title ("Text"): it is labelled with its own name instead ("Title", "Cover alt").
 */
function namedFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(namedFields);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key !== 'properties' || typeof inner !== 'object' || inner === null) return [key, namedFields(inner)];
      return [
        key,
        Object.fromEntries(
          Object.entries(inner).map(([name, field]) => [name, namedFields(isBareRef(field) ? { title: labelOf(name), ...(field as object) } : field)]),
        ),
      ];
    }),
  );
}

const isBareRef = (field: unknown) => typeof field === 'object' && field !== null && '$ref' in field && !('title' in field);
/** `coverAlt` → `Cover alt`. */
const labelOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/ ([A-Z])/g, (_, letter: string) => ` ${letter.toLowerCase()}`);

function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refsOf(inner)));
}

function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' ? rewrite(inner) : rewriteRefs(inner, rewrite)]),
  );
}

/** What the image and metric fields offer: the files of content/assets and the metrics of content/metrics.yaml. */
export interface Choices {
  assets: MediaFile[];
  metrics: { id: string; label: string }[];
  /** The registry as the figure picker reads it. */
  registry: Registry;
  /** The site's interface texts (messages.yaml) by locale: where a select finds the names of its values. */
  siteMessages: SiteMessages;
}

/** messages.yaml of zh_TW and en: `event.category.environment` → 環境永續. */
export type SiteMessages = Record<EditorLanguage, Record<string, string>>;

/** A locale's interface texts; zh_CN's are zh_TW's converted, as the zh_CN site shows them. */
const siteMessagesOf = (locale: EditorLanguage) =>
  (locale === 'zh_CN' ? convertedFile('zh_TW/messages.yaml') : openFile(`${locale}/messages.yaml`)).then(
    (file) => (file.data ?? {}) as Record<string, string>,
    () => ({}),
  );

export type UploadAnswer = { kind: 'uploaded'; path: string } | { kind: 'exists' } | { kind: 'failed'; message: string };

/** Uploads a photograph into content/assets/images under `name` (never over an existing file). */
export async function uploadPhoto(name: string, photo: Blob): Promise<UploadAnswer> {
  const response = await fetch(`/api/assets?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': photo.type || 'application/octet-stream' },
    body: photo,
  });
  const answer = (await response.json()) as { path?: string; error?: string };
  if (response.status === 201) return { kind: 'uploaded', path: answer.path! };
  if (response.status === 409) return { kind: 'exists' };
  return { kind: 'failed', message: answer.error ?? `${response.status}` };
}

/** The event the page is sent when content/assets changed (an upload): the image fields' list is read again. */
export const assetsChanged = 'esg-assets-changed';

/** Read when the page opens, and the assets again on `assetsChanged`. */
export async function pickerChoices(): Promise<Choices> {
  const [assets, registry, zh_TW, zh_CN, en] = await Promise.all([
    assetFiles(),
    openFile('metrics.yaml').then(
      (file) => ({ metrics: (file.data?.metrics ?? []) as RegistryMetric[], units: (file.data?.units ?? {}) as Registry['units'] }),
      () => emptyRegistry,
    ),
    siteMessagesOf('zh_TW'),
    siteMessagesOf('zh_CN'),
    siteMessagesOf('en'),
  ]);
  const metrics = registry.metrics.map((metric) => ({ id: metric.id, label: metric.label?.zh_TW ?? metric.label?.en ?? '' }));
  return { assets, metrics, registry, siteMessages: { zh_TW, zh_CN, en } };
}

export function assetFiles(): Promise<MediaFile[]> {
  return fetch('/api/assets')
    .then((response) => json<{ assets: MediaFile[] }>(response))
    .then(
      (answer) => answer.assets,
      () => [],
    );
}

/** A small WebP of a picture of content/assets (`/assets/images/plant.jpg`). */
export const thumbnailAddress = (path: string) => `/api/thumbnails${path.split('/').map(encodeURIComponent).join('/')}`;

/** Who uses the editor: the token's holder, or in team mode the member signed in. */
export async function currentSession(): Promise<EditSession> {
  return json<EditSession>(await fetch('/api/session'));
}

export type SignInAnswer =
  { kind: 'signed-in'; member: TeamMember } | { kind: 'wrong' } | { kind: 'wait'; seconds: number } | { kind: 'failed'; message: string };

export async function signIn(name: string, password: string): Promise<SignInAnswer> {
  const response = await fetch('/api/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password }) });
  const answer = (await response.json()) as { member?: TeamMember; error?: string };
  if (response.ok && answer.member) return { kind: 'signed-in', member: answer.member };
  if (response.status === 401) return { kind: 'wrong' };
  if (response.status === 429) return { kind: 'wait', seconds: Number(response.headers.get('Retry-After') ?? 900) };
  return { kind: 'failed', message: answer.error ?? `${response.status}` };
}

export async function signOut(): Promise<void> {
  await json(await fetch('/api/session', { method: 'DELETE' }));
}

export async function listChanges(): Promise<ChangeSummary[]> {
  return (await json<{ changes: ChangeSummary[] }>(await fetch('/api/changes'))).changes;
}

/** A step of a change's review; a return carries the comment that tells its author what to change. Answers the commit of a publish. */
export async function reviewStep(id: string, step: 'submit' | 'approve' | 'return' | 'publish' | 'discard', comment?: string): Promise<{ commit?: string }> {
  const response = await fetch(`/api/changes/${id}/${step}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(comment ? { comment } : {}),
  });
  if (response.status === 409) {
    const answer = (await response.clone().json()) as { stale?: StaleFile[] };
    if (answer.stale) throw new StaleFiles(answer.stale);
  }
  return json<{ commit?: string }>(response);
}

/** What a change would publish, field by field. */
export async function changeDiff(id: string): Promise<ChangeDiff> {
  return json<ChangeDiff>(await fetch(`/api/changes/${id}/diff`));
}

/** A file of a change that was published meanwhile in another version, and who saved that. */
export interface StaleFile {
  path: string;
  savedBy: SavedBy;
}

/** A publish refused because files of the change were published meanwhile in other versions. */
export class StaleFiles extends Error {
  constructor(readonly files: StaleFile[]) {
    super(files.map((file) => file.path).join(', '));
  }
}

/** In team mode: says the member has `path` open, and answers who else has (`PUT /api/presence/<path>`). */
export async function sayOpen(path: string): Promise<string[]> {
  return (await json<{ others: string[] }>(await fetch(`/api/presence/${encodeURI(path)}`, { method: 'PUT' }))).others;
}

/** In team mode: says the member closed `path`. */
export function sayClosed(path: string): void {
  void fetch(`/api/presence/${encodeURI(path)}`, { method: 'DELETE', keepalive: true }).catch(() => undefined);
}

/** A figure's changes of value, by year, newest first (`GET /api/figures/<id>/history`). */
export async function figureHistory(id: string): Promise<FigureHistoryAnswer> {
  return json<FigureHistoryAnswer>(await fetch(`/api/figures/${encodeURIComponent(id)}/history`));
}

/** Where an evidence file is downloaded from (`2024`, `meters/changhua.csv`). */
export const evidenceAddress = (year: string, name: string) => `/api/evidence/${year}/${name.split('/').map(encodeURIComponent).join('/')}`;

const evidenceLists = new Map<string, Promise<EvidenceFile[]>>();

/** The evidence files of a year, read once for every metric that shows them, and again after an upload (`evidenceChanged`). */
export function evidenceOf(year: string): Promise<EvidenceFile[]> {
  if (!evidenceLists.has(year))
    evidenceLists.set(
      year,
      fetch(`/api/evidence/${year}`)
        .then((response) => json<{ files: EvidenceFile[] }>(response))
        .then((answer) => answer.files),
    );
  return evidenceLists.get(year)!;
}

/** The event the page is sent when a year's evidence files changed (an upload). */
export const evidenceChanged = 'esg-evidence-changed';

export type EvidenceUpload = { kind: 'uploaded'; name: string } | { kind: 'exists' } | { kind: 'failed'; message: string };

/** Uploads a file into the evidence of `year` under `name` (never over an existing file). */
export async function uploadEvidence(year: string, name: string, file: Blob): Promise<EvidenceUpload> {
  const response = await fetch(`/api/evidence/${year}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  const answer = (await response.json()) as { name?: string; error?: string };
  if (response.status === 201) {
    evidenceLists.delete(year);
    dispatchEvent(new CustomEvent(evidenceChanged, { detail: year }));
    return { kind: 'uploaded', name: answer.name! };
  }
  if (response.status === 409) return { kind: 'exists' };
  return { kind: 'failed', message: answer.error ?? `${response.status}` };
}
