import { useFlash } from '../../components/useFlash';
import { EMAIL_SENT_MS, MSG } from '@souq/shared';
import { useT } from '../../i18n';
import { useResendVerification, useSession } from './api';

/** Unverified users see the notice on every page, and a resend button that says 'Email sent!' for 5 s. */
export function VerificationBanner() {
  const { m } = useT();
  const { user } = useSession();
  const resend = useResendVerification();
  const [sent, flashSent] = useFlash(EMAIL_SENT_MS);

  if (!user || user.emailVerified) return null;
  return (
    <div className="verify-banner" role="status">
      <span className="verify-banner__text">
        <WarningIcon /> {m(MSG.emailNotVerified)}
      </span>
      {sent ? (
        <span className="verify-banner__sent">{m(MSG.emailSent)}</span>
      ) : (
        <button
          type="button"
          className="btn btn--small btn--light"
          disabled={resend.isPending}
          onClick={() => resend.mutate(undefined, { onSuccess: () => flashSent() })}
        >
          {m(MSG.resendVerification)}
        </button>
      )}
      {resend.isError && <span className="verify-banner__error">{m(MSG.verificationSendFailed)}</span>}
    </div>
  );
}

function WarningIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z" />
    </svg>
  );
}
