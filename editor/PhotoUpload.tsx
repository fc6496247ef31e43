import { useRef, useState, type ChangeEvent } from 'react';
import { assetsChanged, uploadPhoto } from './api.ts';
import { useText } from './language.tsx';

const endings: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * A name the server takes for a picked file (letters, digits, - and _, a lower-case ending): a
 * camera's `IMG_0042.JPG` becomes `img_0042.jpg`, a name in Chinese `photo.jpg`; `-2`, `-3`… when
 * the name is taken.
 */
function uploadName(fileName: string, type: string, attempt = 1): string {
  const dot = fileName.lastIndexOf('.');
  const stem =
    (dot > 0 ? fileName.slice(0, dot) : fileName)
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '') || 'photo';
  const ending = endings[type] ?? (dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '');
  return `${stem}${attempt > 1 ? `-${attempt}` : ''}.${ending}`;
}

/** How many numbered names are tried before the editor is asked to rename the file. */
const attempts = 20;

/** **Upload…** beside an image field: the picked photograph goes to content/assets/images, and the field names it. */
export function PhotoUpload({ id, onUploaded }: { id: string; onUploaded: (path: string) => void }) {
  const t = useText();
  const [state, setState] = useState<{ kind: 'idle' | 'uploading' } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const picker = useRef<HTMLInputElement>(null);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0];
    event.target.value = '';
    if (!photo) return;
    setState({ kind: 'uploading' });
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const answer = await uploadPhoto(uploadName(photo.name, photo.type, attempt), photo).catch((error: Error) => ({
        kind: 'failed' as const,
        message: error.message,
      }));
      if (answer.kind === 'exists') continue;
      if (answer.kind === 'failed') return setState(answer);
      setState({ kind: 'idle' });
      dispatchEvent(new Event(assetsChanged));
      return onUploaded(answer.path);
    }
    setState({ kind: 'failed', message: t('upload.tooMany', { count: attempts, name: photo.name }) });
  };
  return (
    <span className="upload">
      <button type="button" disabled={state.kind === 'uploading'} onClick={() => picker.current?.click()}>
        {state.kind === 'uploading' ? t('upload.uploading') : t('upload.button')}
      </button>
      <input ref={picker} type="file" id={`${id}-upload`} accept="image/jpeg,image/png,image/webp" hidden onChange={(event) => void upload(event)} />
      {state.kind === 'failed' && (
        <span className="problem" role="alert">
          {t('upload.failed', { reason: state.message })}
        </span>
      )}
    </span>
  );
}
