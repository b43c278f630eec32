import { MSG } from '@souq/shared';
import { Modal } from '../../components/Modal';
import { useT } from '../../i18n';
import { useResendVerification } from './api';

export function VerifyEmailPrompt({ onClose }: { onClose: () => void }) {
  const { t, m } = useT();
  const resend = useResendVerification();
  return (
    <Modal
      title={t('auth.prompt.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('auth.prompt.close')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? t('auth.prompt.sending') : t('auth.prompt.resend')}
          </button>
        </>
      }
    >
      <p>
        {m(MSG.verificationRequired)} {t('auth.prompt.body')}
      </p>
      {resend.isSuccess && (
        <p className="notice notice--ok" role="status">
          {m(MSG.verificationSent)}
        </p>
      )}
      {resend.isError && (
        <p className="notice notice--error" role="alert">
          {m(MSG.verificationSendFailed)}
        </p>
      )}
    </Modal>
  );
}
