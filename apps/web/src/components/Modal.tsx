import { useEffect, useId, useRef, type ReactNode } from 'react';

/** A modal dialog (the browser's own: focus trap, Escape, backdrop) with a title and actions. */
export function Modal({ title, onClose, children, actions }: { title: string; onClose: () => void; children: ReactNode; actions: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
  }, []);

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="modal__actions">{actions}</div>
    </dialog>
  );
}
