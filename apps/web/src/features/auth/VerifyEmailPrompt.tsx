import { useEffect, useRef } from 'react';
import { MSG } from '@souq/shared';
import { useResendVerification } from './useResendVerification';

export function VerifyEmailPrompt({ onClose }: { onClose: () => void }) {
  const resend = useResendVerification();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
  }, []);

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="verify-title" onClose={onClose} onCancel={onClose}>
      <h2 id="verify-title">Verify your email</h2>
      <p>{MSG.verificationRequired} We sent you a link when you signed up; you can get a new one here.</p>
      {resend.isSuccess && <p className="notice notice--ok" role="status">{MSG.verificationSent}</p>}
      {resend.isError && <p className="notice notice--error" role="alert">{MSG.verificationSendFailed}</p>}
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn btn--primary" disabled={resend.isPending || resend.isSuccess} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Sending…' : 'Resend verification email'}
        </button>
      </div>
    </dialog>
  );
}
