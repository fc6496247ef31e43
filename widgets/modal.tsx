import { useEffect, useRef, type ReactNode } from 'react';
import { holdDialog } from './dialog.ts';

/**
 * A modal dialog over a full-screen rgba(0,0,0,0.7) overlay at layer 3001
 * (docs/product.md, "Shell"), held as widgets/dialog.ts holds one. The newsletter dialog loads this
 * module only when it is to be shown.
 */
export function Modal({ titleId, onClose, children }: { titleId: string; onClose: () => void; children: ReactNode }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => holdDialog(dialogRef.current!, () => closeRef.current()), []);

  return (
    <div className="modal-overlay">
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}
