import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { MediaFile } from '../schemas/editApi.ts';
import { assetsChanged, bundledSchema, thumbnailAddress, uploadPhoto, type ListedFile } from './api.ts';
import { useLanguage, useText } from './language.tsx';
import { fieldTitle } from './problems.ts';
import { localizedSchema } from './localizedSchema.ts';
import { PickerDialog } from './PickerDialog.tsx';

/** The files of content/assets as the server last listed them (App.tsx reads them again after an upload). */
export const MediaContext = createContext<MediaFile[]>([]);

/** The content files as the file list has them: the schema of a file that uses a picture. */
export const FilesContext = createContext<ListedFile[]>([]);

const isPicture = (asset: MediaFile) => asset.kind !== 'document';
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** 245,760 → "240 KB". */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The files whose path has every word of the query. */
function matching(assets: MediaFile[], query: string): MediaFile[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return assets.filter((asset) => words.every((word) => asset.path.toLowerCase().includes(word)));
}

/** Where a content file uses a picture, by the field's title in its form (`cover` → 封面圖片, `body` → 內文). */
function UseField({ file, field }: { file: string; field: string }) {
  const t = useText();
  const { language } = useLanguage();
  const schemaName = useContext(FilesContext).find((listed) => listed.path === file)?.schema;
  const [schema, setSchema] = useState<Record<string, unknown>>();
  useEffect(() => {
    if (schemaName) void bundledSchema(schemaName).then(setSchema, () => undefined);
  }, [schemaName]);
  const title = field === 'body' ? t('editor.body') : fieldTitle(schema && localizedSchema(schema, language), field);
  return (
    <span className="media-field" title={field}>
      {title ?? field}
    </span>
  );
}

/** A file's card: its thumbnail (a document's kind instead), name, pixel size and bytes, and what `children` adds. */
function MediaCard({ asset, children }: { asset: MediaFile; children?: ReactNode }) {
  const t = useText();
  return (
    <li className="media-card">
      {isPicture(asset) ? (
        <img className="media-thumbnail" src={thumbnailAddress(asset.path)} alt="" loading="lazy" />
      ) : (
        <span className="media-thumbnail media-document">PDF</span>
      )}
      <p className="media-name">{nameOf(asset.path)}</p>
      <p className="media-facts">
        {asset.width && asset.height ? `${t('media.pixels', { width: asset.width, height: asset.height })} · ` : ''}
        {bytesText(asset.bytes)}
      </p>
      {children}
    </li>
  );
}

/**
 * The media view: every file of content/assets with its thumbnail, size and the content files
 * (and pages) that name it; found by name, the unused ones on their own; a photograph uploaded here
 * is used later, from a field, once it has its description.
 */
export function MediaView({ onOpen }: { onOpen: (path: string) => void }) {
  const t = useText();
  const assets = useContext(MediaContext);
  const id = useId();
  const [query, setQuery] = useState('');
  const [unusedOnly, setUnusedOnly] = useState(false);
  const unused = assets.filter((asset) => asset.uses.length === 0).length;
  const shown = matching(assets, query).filter((asset) => !unusedOnly || asset.uses.length === 0);
  return (
    <section className="media-view" aria-labelledby={`${id}-title`}>
      <header className="editor-bar">
        <h2 id={`${id}-title`}>{t('media.title')}</h2>
        <PhotoUpload />
      </header>
      <p>{t('media.summary', { count: assets.length, unused })}</p>
      <div className="media-filters">
        <input type="search" aria-label={t('media.find')} placeholder={t('media.find')} value={query} onChange={(event) => setQuery(event.target.value)} />
        <label>
          <input type="checkbox" checked={unusedOnly} onChange={(event) => setUnusedOnly(event.target.checked)} /> {t('media.unusedOnly')}
        </label>
      </div>
      {shown.length === 0 && <p className="hint">{t('media.none')}</p>}
      <ul className="media-grid">
        {shown.map((asset) => (
          <MediaCard key={asset.path} asset={asset}>
            <p className="media-path">{asset.path}</p>
            {asset.uses.length === 0 ? (
              <p className="media-unused">{t('media.unused')}</p>
            ) : (
              <ul className="media-uses" aria-label={t('media.usedIn', { name: nameOf(asset.path) })}>
                {asset.uses.map((use) => (
                  <li key={`${use.file} ${use.field}`}>
                    <button type="button" className="link" onClick={() => onOpen(use.file)}>
                      {use.file}
                    </button>{' '}
                    <UseField file={use.file} field={use.field} />
                    {use.pages.map((page) => (
                      <a key={page} href={page} target="_blank" rel="noreferrer">
                        {page.replace(/^\/preview/, '') || '/'}
                      </a>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </MediaCard>
        ))}
      </ul>
    </section>
  );
}

/** A photograph (JPEG, PNG or WebP) picked from the computer. */
function PhotoButton({ label, onPicked }: { label: string; onPicked: (photo: File) => void }) {
  return <FileButton label={label} accept="image/jpeg,image/png,image/webp" onPicked={onPicked} />;
}

/**
 * A button in the editor's words that picks a file from the computer through a hidden file input
 * (whose own words, 選擇檔案 or Choose File, follow the browser's language, not the editor's).
 */
export function FileButton({ label, name = label, accept, onPicked }: { label: string; name?: string; accept: string; onPicked: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" aria-label={name} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        aria-label={name}
        accept={accept}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPicked(file);
        }}
      />
    </>
  );
}

/** Uploads a photograph into content/assets/images from the media view (no field names it yet). */
function PhotoUpload() {
  const t = useText();
  const [state, setState] = useState<string>();
  return (
    <span className="upload">
      <PhotoButton
        label={t('media.upload')}
        onPicked={(photo) => {
          setState(t('upload.uploading'));
          void uploadPicked(photo, t).then((answer) =>
            setState(answer.kind === 'uploaded' ? t('media.uploaded', { path: answer.path }) : t('upload.failed', { reason: answer.message })),
          );
        }}
      />
      {state && <span role="status">{state}</span>}
    </span>
  );
}

/**
 * Under an asset field (an image's `src`, an event's `cover`, a report's `file`): the picture it
 * names, small, and **Choose or upload…**, which opens the media picker. A picture goes into a
 * field only with its description (`describedBy`: the field beside it that holds it): when that
 * is empty, the picker asks for it, suggesting what is written where the picture is used already.
 */
export function AssetChoice({
  value,
  describedBy,
  description,
  file,
  onChoose,
}: {
  value: string;
  /** The name of the description field beside this one (`alt`, `coverAlt`); none for a document. */
  describedBy?: string;
  description?: string;
  /** The content file being edited: a suggested description comes from its locale. */
  file?: string;
  onChoose: (path: string, description?: string) => void;
}) {
  const t = useText();
  const assets = useContext(MediaContext);
  const [picking, setPicking] = useState(false);
  const current = assets.find((asset) => asset.path === value);
  return (
    <div className="asset-choice">
      {current && isPicture(current) && <img className="asset-current" src={thumbnailAddress(current.path)} alt="" />}
      <button type="button" onClick={() => setPicking(true)}>
        {describedBy ? t('media.choosePicture') : t('media.chooseFile')}
      </button>
      {picking &&
        createPortal(
          <MediaPicker
            value={value}
            pictures={Boolean(describedBy)}
            description={describedBy ? (description ?? '') : undefined}
            file={file}
            onChoose={(path, text) => {
              setPicking(false);
              onChoose(path, text);
            }}
            onClose={() => setPicking(false)}
          />,
          document.body,
        )}
    </div>
  );
}

/** What the picker's second step describes: a file of content/assets, or a photograph picked from the computer, not uploaded yet. */
type Chosen = { kind: 'asset'; asset: MediaFile } | { kind: 'photo'; photo: File; preview: string };

/**
 * The media picker, a modal dialog: find a file, choose it (or pick a new photograph); then, for a
 * picture, its description, required. A new photograph is uploaded only then, so nothing is written
 * into content/assets that no field uses.
 */
function MediaPicker({
  value,
  pictures,
  description,
  file,
  onChoose,
  onClose,
}: {
  /** What the field names now. */
  value: string;
  /** Pictures only (an image field), with a description; else every file. */
  pictures: boolean;
  /** The description the field has now (of the picture it names now); undefined for a field without one. */
  description?: string;
  file?: string;
  onChoose: (path: string, description?: string) => void;
  onClose: () => void;
}) {
  const t = useText();
  const assets = useContext(MediaContext);
  const id = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Chosen>();
  const [text, setText] = useState('');
  const [suggested, setSuggested] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [uploading, setUploading] = useState(false);
  useEffect(() => () => void (chosen?.kind === 'photo' && URL.revokeObjectURL(chosen.preview)), [chosen]);
  const shown = useMemo(() => matching(pictures ? assets.filter(isPicture) : assets, query), [assets, pictures, query]);

  const choose = (next: Chosen) => {
    if (description === undefined && next.kind === 'asset') return onChoose(next.asset.path);
    // The field's description fits the picture it names now; another picture starts from what is written where it is used.
    const same = next.kind === 'asset' && next.asset.path === value && Boolean(description);
    const written = next.kind === 'asset' && !same ? suggestedDescription(next.asset, file) : undefined;
    setChosen(next);
    setText((same ? description : written) ?? '');
    setSuggested(Boolean(written));
    setFailed(undefined);
  };
  const put = async () => {
    if (!chosen || !text.trim()) return;
    if (chosen.kind === 'asset') return onChoose(chosen.asset.path, text.trim());
    setUploading(true);
    const answer = await uploadPicked(chosen.photo, t);
    setUploading(false);
    if (answer.kind === 'uploaded') onChoose(answer.path, text.trim());
    else setFailed(t('upload.failed', { reason: answer.message }));
  };

  return (
    <PickerDialog
      className="media-picker"
      title={pictures ? t('media.pickPicture') : t('media.pickFile')}
      onSubmit={() => void put()}
      onClose={onClose}
      actions={
        chosen && (
          <>
            <button type="submit" className="save" disabled={!text.trim() || uploading}>
              {uploading ? t('upload.uploading') : chosen.kind === 'photo' ? t('media.uploadPut') : t('media.put')}
            </button>
            <button type="button" onClick={() => setChosen(undefined)}>
              {t('media.back')}
            </button>
          </>
        )
      }
    >
      {!chosen ? (
        <>
          <div className="media-filters">
            <input
              type="search"
              autoFocus
              aria-label={t('media.find')}
              placeholder={t('media.find')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            {pictures && (
              <PhotoButton label={t('media.uploadNew')} onPicked={(photo) => choose({ kind: 'photo', photo, preview: URL.createObjectURL(photo) })} />
            )}
          </div>
          {shown.length === 0 && <p className="hint">{t('media.none')}</p>}
          <ul className="media-grid media-choices">
            {shown.map((asset) => (
              <MediaCard key={asset.path} asset={asset}>
                <button type="button" onClick={() => choose({ kind: 'asset', asset })} aria-label={t('media.useNamed', { name: nameOf(asset.path) })}>
                  {t('media.use')}
                </button>
              </MediaCard>
            ))}
          </ul>
        </>
      ) : (
        <div className="media-describe">
          <img
            className="media-thumbnail"
            src={chosen.kind === 'asset' ? thumbnailAddress(chosen.asset.path) : chosen.preview}
            alt={chosen.kind === 'asset' ? nameOf(chosen.asset.path) : chosen.photo.name}
          />
          <label htmlFor={`${id}-alt`}>{t('media.alt')}</label>
          <textarea
            id={`${id}-alt`}
            required
            autoFocus
            rows={3}
            value={text}
            aria-describedby={`${id}-alt-hint`}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-alt-hint`} className="hint">
            {suggested ? t('media.altSuggested') : t('media.altHint')}
          </p>
          {failed && (
            <p className="problem" role="alert">
              {failed}
            </p>
          )}
        </div>
      )}
    </PickerDialog>
  );
}

/** A description written where the picture is used already, in a file of the same locale as `file` (the same language). */
function suggestedDescription(asset: MediaFile, file?: string): string | undefined {
  const locale = file?.split('/')[0];
  return asset.uses.find((use) => use.alt?.trim() && use.file.split('/')[0] === locale)?.alt;
}

const endings: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * A name the server takes for a picked file, readable as the writer named it: letters, digits and
 * Chinese characters kept, anything else a dash, a lower-case ending (`IMG_2031 淨灘合照.JPG` →
 * `img-2031-淨灘合照.jpg`); `-2`, `-3`… when the name is taken; `unnamed` when nothing of it is left.
 */
export function uploadName(fileName: string, type: string, attempt = 1, unnamed = 'photo'): string {
  const dot = fileName.lastIndexOf('.');
  const stem =
    (dot > 0 ? fileName.slice(0, dot) : fileName)
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^a-z0-9\u3400-\u9fff\uf900-\ufaff]+/g, '-')
      .replace(/^-+|-+$/g, '') || unnamed;
  const ending = endings[type] ?? (dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '');
  return `${stem}${attempt > 1 ? `-${attempt}` : ''}.${ending}`;
}

/** How many numbered names are tried before the writer is asked to rename the file. */
const attempts = 20;

/** Uploads a picked photograph under a free name made from its own, and has the lists of files read again. */
async function uploadPicked(photo: File, t: ReturnType<typeof useText>): Promise<{ kind: 'uploaded'; path: string } | { kind: 'failed'; message: string }> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const answer = await uploadPhoto(uploadName(photo.name, photo.type, attempt), photo).catch((error: Error) => ({
      kind: 'failed' as const,
      message: error.message,
    }));
    if (answer.kind === 'exists') continue;
    if (answer.kind === 'uploaded') dispatchEvent(new Event(assetsChanged));
    return answer;
  }
  return { kind: 'failed', message: t('upload.tooMany', { count: attempts, name: photo.name }) };
}
