import type { DeliveryAttemptView } from '@souq/shared';
import { formatGulfDateTime } from '../../components/dates';
import { useT } from '../../i18n';
import { OUTCOME_KEYS } from './words';

/** A line's attempts, oldest first, with what the buyer answered and what staff decided. */
export function AttemptList({ attempts }: { attempts: DeliveryAttemptView[] }) {
  const { t, m, locale } = useT();
  return (
    <ol className="attempts" data-testid="delivery-attempts">
      {attempts.map((a, i) => (
        <li key={a.id} className={`attempt attempt--${a.outcome}`}>
          <strong>
            {t('delivery.attemptN', { n: i + 1 })}: {t(OUTCOME_KEYS[a.outcome])}
          </strong>{' '}
          <span className="muted">{m(formatGulfDateTime(a.createdAt, locale))}</span>
          {a.reason && (
            <p>
              {a.outcome === 'refused' ? t('delivery.buyerSaid') : t('delivery.note')} <bdi>“{a.reason}”</bdi>
            </p>
          )}
          {a.reply && (
            <p data-testid="attempt-reply">
              {t('delivery.replied')} <bdi>“{a.reply.note}”</bdi>
              {a.reply.addressChanged && <> · {t('delivery.addressChanged')}</>}
            </p>
          )}
          {a.dispute && (
            <p data-testid="attempt-dispute">
              {t('delivery.disputed')} <bdi>“{a.dispute.note}”</bdi>
              {' · '}
              {t(
                a.dispute.decision === 'stands'
                  ? 'delivery.decision.stands'
                  : a.dispute.decision === 'withdrawn'
                    ? 'delivery.decision.withdrawn'
                    : 'delivery.decision.waiting',
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
