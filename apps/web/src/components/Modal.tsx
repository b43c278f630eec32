import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** For dialogs that hold a form: wider than a confirmation. */
  wide?: boolean;
  testId?: string;
}

/** A modal dialog (the browser's own: focus trap, Escape, backdrop) with a title and actions. */
export function Modal({ title, onClose, children, actions, wide, testId }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    // The page usually unmounts the dialog rather than closing it, and the browser only gives focus
    // back on close(): do it here, so keyboard users land on the button that opened it.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal?.();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={`modal${wide ? ' modal--wide' : ''}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid={testId}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      {actions && <div className="modal__actions">{actions}</div>}
    </dialog>
  );
}
