import { useEffect, useRef, type ReactNode } from 'react';
import { lockScroll, unlockScroll } from './scrollLock.ts';
import { keepFocusInside } from './focusTrap.ts';

/**
 * A modal dialog over a full-screen rgba(0,0,0,0.7) overlay at layer 3001
 * (docs/product.md, "Shell"): page scroll locked while open, Tab kept inside, Esc closes, focus
 * goes back where it was. ModalHost loads this module only when a modal is to be shown.
 */
export function Modal({ titleId, lang, onClose, children }: { titleId: string; lang?: string; onClose: () => void; children: ReactNode }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    lockScroll('modal');
    (dialog.querySelector<HTMLElement>('button, a[href], input') ?? dialog).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      else keepFocusInside(dialog, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlockScroll('modal');
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <div className="modal-overlay">
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} lang={lang}>
        {children}
      </div>
    </div>
  );
}

/** The notice in the page's language, shown below the English on a page that is not English. */
export interface NoticeTranslation {
  lang: string;
  title: string;
  text: string;
}

/**
 * The 'English version under construction' notice: title, why it shows, and Confirm, in English
 * (the visitor chose English), with the page's own language below it on a Chinese page.
 */
export default function EnglishNotice({
  title,
  text,
  confirm,
  translation,
  onClose,
}: {
  title: string;
  text: string;
  confirm: string;
  translation?: NoticeTranslation;
  onClose: () => void;
}) {
  return (
    <Modal titleId="english-notice-title" lang="en" onClose={onClose}>
      <h2 id="english-notice-title">{title}</h2>
      <p>{text}</p>
      {translation && (
        <p className="modal-translation" lang={translation.lang}>
          <strong>{translation.title}</strong> {translation.text}
        </p>
      )}
      <button type="button" className="button" onClick={onClose}>
        {confirm}
      </button>
    </Modal>
  );
}
