import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useText } from './language.tsx';

/**
 * A picker's modal dialog (figures, pictures): its title, what `children` draws, then `actions`
 * and **Cancel**. Esc or Cancel closes it (`onClose`); submitting its form (`onSubmit`) stays inside
 * it, though it is drawn in the React tree of a file's form.
 */
export function PickerDialog({
  className,
  title,
  actions,
  onSubmit,
  onClose,
  closeLabel,
  children,
}: {
  className: string;
  title: string;
  actions: ReactNode;
  /** The closing button's words: Cancel unless the dialog only shows something. */
  closeLabel?: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useText();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className={`picker ${className}`} aria-labelledby={`${id}-title`} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          // The picker is drawn in the file's form's React tree: its submit must not reach that form.
          event.preventDefault();
          event.stopPropagation();
          onSubmit();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        <div className="buttons">
          {actions}
          <button type="button" onClick={() => dialog.current?.close()}>
            {closeLabel ?? t('event.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
