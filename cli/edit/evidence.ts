import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { evidenceFolder } from '../content/trace.ts';
import type { EvidenceFile } from '../../schemas/editApi.ts';
import type { EditorBuilds } from './builds.ts';
import { writeAtomically } from './document.ts';
import { readBody, refused, sendJson } from './http.ts';
import { readableEnding } from './uploads.ts';

/** The largest evidence file taken: evidence is kept in the repository, with every version of the report. */
const evidenceLimit = 20 * 1024 * 1024;

/**
 * The kinds of file kept as evidence, by ending: the type a download is sent as, and the first
 * bytes a file of a binary kind starts with (a spreadsheet renamed .pdf is refused).
 */
const evidenceKinds: Record<string, { type: string; starts?: Buffer }> = {
  pdf: { type: 'application/pdf', starts: Buffer.from('%PDF-') },
  csv: { type: 'text/csv; charset=utf-8' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', starts: Buffer.from('PK\x03\x04', 'latin1') },
  xls: { type: 'application/vnd.ms-excel', starts: Buffer.from('d0cf11e0a1b11ae1', 'hex') },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', starts: Buffer.from('PK\x03\x04', 'latin1') },
  doc: { type: 'application/msword', starts: Buffer.from('d0cf11e0a1b11ae1', 'hex') },
  txt: { type: 'text/plain; charset=utf-8' },
  md: { type: 'text/markdown; charset=utf-8' },
  png: { type: 'image/png', starts: Buffer.from('89504e470d0a1a0a', 'hex') },
  jpg: { type: 'image/jpeg', starts: Buffer.from('ffd8ff', 'hex') },
  jpeg: { type: 'image/jpeg', starts: Buffer.from('ffd8ff', 'hex') },
};

export interface EvidenceContext {
  contentDir: string;
  builds: EditorBuilds;
  /** In team mode: records an uploaded file (`evidence/<year>/<name>`) in the member's change, which commits it when published. */
  hold?: (path: string) => void;
}

/**
 * The evidence files of content/evidence/<year>/, for signed-in users only (the server's access
 * check comes first; the preview never serves them): `GET /api/evidence/<year>` lists them with
 * their size and SHA-256, `GET /api/evidence/<year>/<name>` sends one as an attachment, and
 * `POST /api/evidence/<year>?name=<name>` with a file's bytes writes a new one, never over a file
 * that exists.
 */
export function evidenceFiles() {
  // A file's SHA-256, kept while its size and time are the same: a list is asked for on every metric opened.
  const hashes = new Map<string, { stamp: string; sha256: string }>();
  const sha256Of = (absolute: string, stats: Stats) => {
    const stamp = `${stats.size} ${stats.mtimeMs}`;
    const kept = hashes.get(absolute);
    if (kept?.stamp === stamp) return kept.sha256;
    const sha256 = createHash('sha256').update(readFileSync(absolute)).digest('hex');
    hashes.set(absolute, { stamp, sha256 });
    return sha256;
  };

  const list = (folder: string, prefix = ''): EvidenceFile[] =>
    readdirSync(folder, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.'))
      .flatMap((entry) => {
        const absolute = join(folder, entry.name);
        const name = `${prefix}${entry.name}`;
        if (entry.isDirectory()) return list(absolute, `${name}/`);
        if (!entry.isFile()) return [];
        const stats = lstatSync(absolute);
        return [{ name, size: stats.size, sha256: sha256Of(absolute, stats) }];
      });

  return async function evidenceRoute(context: EvidenceContext, address: string, query: URLSearchParams, request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const [year = '', ...parts] = address.split('/');
    if (!/^\d{4}$/.test(year)) throw refused(400, `"${year}" is not a year: evidence is kept by year, /api/evidence/2024`);
    const folder = join(context.contentDir, evidenceFolder, year);
    if (!parts.length) {
      if (method === 'POST') return upload(context, folder, year, query, request, response);
      if (method !== 'GET' && method !== 'HEAD') throw refused(405, `${method} is not allowed here; use GET or POST`);
      return sendJson(response, 200, { year, files: plainFolder(context.contentDir, year) ? list(folder).sort((a, b) => a.name.localeCompare(b.name)) : [] });
    }
    if (method !== 'GET' && method !== 'HEAD') throw refused(405, `${method} is not allowed here; use GET`);
    const name = parts.join('/');
    if (parts.some((part) => !part || part.startsWith('.') || part.includes('\\'))) throw refused(400, `"${name}" is not the name of an evidence file`);
    if (!plainFolder(context.contentDir, year, parts.slice(0, -1))) throw refused(404, `no evidence file ${year}/${name}`);
    const absolute = join(folder, ...parts);
    const stats = lstatSync(absolute, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink()) throw refused(403, `${year}/${name} is a symbolic link: evidence is the files themselves`);
    if (!stats?.isFile()) throw refused(404, `no evidence file ${year}/${name}`);
    const ending = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    const fileName = parts.at(-1)!;
    response.statusCode = 200;
    response.setHeader('Content-Type', evidenceKinds[ending]?.type ?? 'application/octet-stream');
    response.setHeader('Content-Length', String(stats.size));
    // The plain name for old browsers, the name as written (Chinese kept) for the others (RFC 6266).
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    response.setHeader('Cache-Control', 'no-store');
    response.end(method === 'HEAD' ? undefined : readFileSync(absolute));
  };
}

/** Whether content/evidence, its year's folder and the folders inside it named by `inside` are folders, not symbolic links (none of them may lead out). */
function plainFolder(contentDir: string, year: string, inside: string[] = []): boolean {
  const folders = [evidenceFolder, year, ...inside].map((_, index, all) => join(contentDir, ...all.slice(0, index + 1)));
  return folders.every((folder) => {
    const stats = lstatSync(folder, { throwIfNoEntry: false });
    return stats?.isDirectory() === true;
  });
}

async function upload(context: EvidenceContext, folder: string, year: string, query: URLSearchParams, request: IncomingMessage, response: ServerResponse) {
  const name = query.get('name') ?? '';
  const ending = readableEnding(name);
  if (!ending)
    throw refused(
      400,
      `"${name}" is not a name an evidence file can have: use letters, digits, Chinese characters, - and _ with a lower-case ending, e.g. 溫室氣體盤查清冊-2024.pdf`,
    );
  const kind = evidenceKinds[ending];
  if (!kind)
    throw refused(
      415,
      `a .${ending} file is not taken as evidence; send a PDF, a CSV, an Excel (.xlsx, .xls) or Word (.docx, .doc) file, a text (.txt, .md) or a picture (.png, .jpg)`,
    );
  const bytes = await readBody(
    request,
    evidenceLimit,
    `the file is over ${evidenceLimit / 1024 / 1024} MB; keep evidence small (a summary, or the pages that prove the figure)`,
  );
  if (!bytes.length) throw refused(400, 'the file is empty');
  if (kind.starts && !bytes.subarray(0, kind.starts.length).equals(kind.starts))
    throw refused(415, `the file is named .${ending} but is not a .${ending} file; save it again as one, or name it by what it is`);
  const absolute = join(folder, name);
  const written = await context.builds.queued(async () => {
    if (existsSync(absolute)) return false;
    // Made where missing, but never through a symbolic link out of content/.
    if ([join(context.contentDir, evidenceFolder), folder].some((path) => lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === false))
      throw refused(403, `content/${evidenceFolder}/${year} is not a folder of its own: evidence is kept in the folder itself`);
    mkdirSync(folder, { recursive: true });
    writeAtomically(absolute, bytes);
    context.hold?.(`${evidenceFolder}/${year}/${name}`);
    return true;
  });
  if (!written) throw refused(409, `the evidence of ${year} has a file named ${name} already; upload the new file under another name`);
  sendJson(response, 201, { year, name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
}
