import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import matter from 'gray-matter';
import { parseDocument } from 'yaml';
import { decodeContent } from '../content/encoding.ts';
import type { ContentFile } from './contentFiles.ts';
import { patchYaml } from './yamlPatch.ts';

/** A content file as read for editing: its text, its tag, and its YAML part. */
export interface OpenedFile {
  file: ContentFile;
  /** `"sha256-…"` of the file's bytes: the `ETag` of GET and the `If-Match` a PUT must send. */
  etag: string;
  /** The text with Windows line endings made plain, as the build reads it (cli/build/stages/01-load.ts). */
  text: string;
  crlf: boolean;
  yamlText: string;
  /** A Markdown file's parts around its front matter: `---`, the closing `---` line, and the body. */
  markdown?: { opening: string; closing: string; body: string };
  /** Why the file cannot be edited: it is not UTF-8 (ESG1005). A save would write over text it never read. */
  unreadable?: string;
}

export function etagOf(bytes: Buffer): string {
  return `"sha256-${createHash('sha256').update(bytes).digest('base64url')}"`;
}

export function openFile(file: ContentFile): OpenedFile {
  return openBytes(file, readFileSync(file.absolute));
}

/** A content file's bytes (as on disk now, or as Git kept them) opened as `openFile` opens it. */
export function openBytes(file: ContentFile, bytes: Buffer): OpenedFile {
  const { text: raw, problem } = decodeContent(`content/${file.path}`, bytes);
  if (problem) return { file, etag: etagOf(bytes), text: '', crlf: false, yamlText: '', unreadable: `${problem.code} ${problem.message}; ${problem.hint}` };
  const text = raw.replace(/\r\n?/g, '\n');
  const opened = { file, etag: etagOf(bytes), text, crlf: text !== raw, yamlText: text };
  if (!file.kind.markdown) return opened;
  // Split as the build splits it (gray-matter), keeping every character around the front matter.
  const parts = matter(text, { engines: { yaml: () => ({}) } });
  const opening = text.slice(0, text.indexOf(parts.matter));
  const closing = text.slice(opening.length + parts.matter.length, text.length - parts.content.length);
  if (opening + parts.matter + closing + parts.content !== text) throw new Error(`${file.path}: its front matter could not be told from its body`);
  return { ...opened, yamlText: parts.matter, markdown: { opening, closing, body: parts.content } };
}

/** What the editor gets for a file (`GET /api/files/<path>`): its data, a Markdown file's body, and YAML syntax errors if any. */
export function fileData(opened: OpenedFile): { data: unknown; body?: string; syntaxErrors?: string[] } {
  if (opened.unreadable) return { data: null, syntaxErrors: [opened.unreadable] };
  const doc = parseDocument(opened.yamlText);
  const body = opened.markdown?.body;
  if (doc.errors.length) return { data: null, body, syntaxErrors: doc.errors.map((error) => error.message.split('\n')[0]!) };
  return { data: doc.toJS() ?? {}, ...(body === undefined ? {} : { body }) };
}

/**
 * The file's new text for `data` (and a Markdown file's `body`): only what changed is written
 * again (yamlPatch.ts); the rest of the file is kept byte for byte.
 */
export function changedText(opened: OpenedFile, data: unknown, body?: string): { text: string; yamlText: string } {
  if (opened.unreadable) throw new Error(opened.unreadable);
  if (!opened.markdown) {
    const yamlText = patchYaml(opened.yamlText, data);
    return { text: yamlText, yamlText };
  }
  // gray-matter's front matter lacks its last line break; patched with it, so a key added last gets its own line.
  const yamlText = patchYaml(`${opened.yamlText}\n`, data).replace(/\n$/, '');
  const { opening, closing } = opened.markdown;
  return { text: opening + yamlText + closing + (body ?? opened.markdown.body), yamlText };
}

/**
 * Writes a file so that a reader (the build, Git, another editor) sees the old text or the new,
 * never half: into a temporary file beside it, flushed to disk, then renamed over it. The
 * temporary name starts with a dot, which the content loader skips.
 */
export function writeAtomically(absolute: string, text: string | Buffer): void {
  const temporary = join(dirname(absolute), `.${basename(absolute)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const descriptor = openSync(temporary, 'w');
  try {
    writeSync(descriptor, typeof text === 'string' ? Buffer.from(text) : text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    renameSync(temporary, absolute);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The comment line that says when a translation was last checked against its zh_TW source. */
const reviewLine = /^# reviewed against zh_TW at [^\n]*\n/m;

/**
 * A translation's new text with the time it was checked against its zh_TW source, in a comment
 * line at the top of its YAML (replacing the one before): the file changes, so it is no longer
 * older than its source, and the next comparison starts from the source as it is now.
 */
export function reviewedText(opened: OpenedFile, next: { text: string; yamlText: string }, at: Date): { text: string; yamlText: string } {
  const line = `# reviewed against zh_TW at ${at.toISOString().slice(0, 16)}Z\n`;
  const marked = (text: string, start: number) =>
    reviewLine.test(text) ? text.replace(reviewLine, line) : `${text.slice(0, start)}${line}${text.slice(start)}`;
  // In a Markdown file, on the line after its opening `---`.
  return { text: marked(next.text, opened.markdown ? next.text.indexOf('\n') + 1 : 0), yamlText: marked(next.yamlText, 0) };
}

/** The text to write: with the file's own line endings. */
export function withLineEndings(opened: OpenedFile, text: string): string {
  return opened.crlf ? text.replace(/\n/g, '\r\n') : text;
}
