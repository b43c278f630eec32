import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n';

export interface ModalButtonsProps {
  cancelLabel: string;
  onCancel(): void;
  confirmLabel: string;
  /** Without it the confirm button submits the dialog's form. */
  onConfirm?(): void;
  /** The action is running: its button waits. */
  busy?: boolean;
  /** A destructive action gets the danger style. */
  danger?: boolean;
}

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** A confirmation's two buttons (cancel closes the dialog), in place of `actions`. */
  confirm?: Omit<ModalButtonsProps, 'onCancel'>;
  /** What went wrong, under the body (a shared message or the server's words). */
  error?: string | null;
  /** For dialogs that hold a form: wider than a confirmation. */
  wide?: boolean;
  testId?: string;
}

/** A modal dialog (the browser's own: focus trap, Escape, backdrop) with a title and actions. */
export function Modal({ title, onClose, children, actions, confirm, error, wide, testId }: Props) {
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
      {error && <ModalError message={error} />}
      {actions && <div className="modal__actions">{actions}</div>}
      {confirm && <ModalButtons {...confirm} onCancel={onClose} />}
    </dialog>
  );
}

/** A dialog's cancel and action buttons, in its actions row (inside a dialog's form, the action submits it). */
export function ModalButtons({ cancelLabel, onCancel, confirmLabel, onConfirm, busy, danger }: ModalButtonsProps) {
  return (
    <div className="modal__actions">
      <button type="button" className="btn btn--ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
        disabled={busy}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </div>
  );
}

/** A dialog's failure line (the server's words or a shared message, in the page's language). */
export function ModalError({ message }: { message: string }) {
  const { m } = useT();
  return (
    <p className="form-error" role="alert">
      {m(message)}
    </p>
  );
}
