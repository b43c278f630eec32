import { MSG } from '@souq/shared';
import { Modal } from '../../components/Modal';
import { useResendVerification } from './api';

export function VerifyEmailPrompt({ onClose }: { onClose: () => void }) {
  const resend = useResendVerification();
  return (
    <Modal
      title="Verify your email"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Sending…' : 'Resend verification email'}
          </button>
        </>
      }
    >
      <p>{MSG.verificationRequired} We sent you a link when you signed up; you can get a new one here.</p>
      {resend.isSuccess && (
        <p className="notice notice--ok" role="status">
          {MSG.verificationSent}
        </p>
      )}
      {resend.isError && (
        <p className="notice notice--error" role="alert">
          {MSG.verificationSendFailed}
        </p>
      )}
    </Modal>
  );
}
