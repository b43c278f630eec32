import { CodLiftSchema, RefusalDecisionSchema, type CodQueue as Queue } from '@souq/shared';
import { formatGulfDate, formatGulfDateTime } from '../../components/dates';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useCodQueue, useDecideRefusal, useLiftCod } from './api';
import './delivery.css';

/** Staff's cash-on-delivery queue (issue 46): disputed refusals to decide, blocked buyers to lift. */
export function CodQueue() {
  const { t } = useT();
  const queue = useCodQueue();
  if (queue.isPending)
    return (
      <div aria-busy="true" aria-label={t('delivery.admin.loading')}>
        <Skeleton height={120} />
        <Skeleton height={80} />
      </div>
    );
  if (queue.isError) return <ErrorState title={t('delivery.admin.error')} onRetry={() => void queue.refetch()} />;
  return (
    <>
      <h2>{t('delivery.admin.disputes')}</h2>
      {queue.data.disputes.length === 0 ? (
        <EmptyState title={t('delivery.admin.noDisputes')} />
      ) : (
        <ul className="cod-list" data-testid="cod-disputes">
          {queue.data.disputes.map((d) => (
            <Dispute key={d.id} dispute={d} />
          ))}
        </ul>
      )}
      <h2>{t('delivery.admin.blocked')}</h2>
      {queue.data.blocked.length === 0 ? (
        <EmptyState title={t('delivery.admin.noBlocked')} />
      ) : (
        <ul className="cod-list" data-testid="cod-blocked">
          {queue.data.blocked.map((b) => (
            <Blocked key={b.buyer.id} blocked={b} />
          ))}
        </ul>
      )}
    </>
  );
}

function Dispute({ dispute: d }: { dispute: Queue['disputes'][number] }) {
  const { t, m, locale } = useT();
  const decide = useDecideRefusal();
  // Both buttons submit; the one pressed is the decision (the check reads only the note).
  const form = useForm({
    initial: { note: '' },
    check: ({ note }) => bySchema(RefusalDecisionSchema)({ note, decision: 'stands' }),
  });
  return (
    <li className="card">
      <p>
        <strong>
          <bdi>{d.title}</bdi>
        </strong>{' '}
        · {t('delivery.admin.between', { buyer: d.buyer.username, seller: d.seller.username })}
        <br />
        <span className="muted">{m(formatGulfDateTime(d.createdAt, locale))}</span>
        <br />
        {t('delivery.buyerSaid')} <bdi>“{d.reason}”</bdi>
        <br />
        {t('delivery.disputed')} <bdi>“{d.dispute?.note}”</bdi>
      </p>
      <form
        className="delivery-answer"
        noValidate
        onSubmit={(e) => {
          const pressed = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
          const decision = pressed === 'stands' ? 'stands' : 'withdrawn';
          void form.submit(
            e,
            async ({ note }) => void (await decide.mutateAsync({ id: d.id, body: { note, decision } })),
          );
        }}
      >
        <TextField label={t('delivery.admin.reason')} {...form.bind('note')} error={form.fields.note} />
        <FormError message={form.error} />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" value="withdrawn">
            {t('delivery.admin.withdraw')}
          </button>
          <button type="submit" className="btn btn--ghost" value="stands">
            {t('delivery.admin.stands')}
          </button>
        </div>
      </form>
    </li>
  );
}

function Blocked({ blocked: b }: { blocked: Queue['blocked'][number] }) {
  const { t, m, locale } = useT();
  const lift = useLiftCod();
  const form = useForm({ initial: { reason: '' }, check: bySchema(CodLiftSchema) });
  return (
    <li className="card" data-testid="cod-blocked-buyer">
      <p>
        <strong>
          <bdi>{b.buyer.username}</bdi>
        </strong>{' '}
        · {t('delivery.admin.blockedLine', { refusals: b.refusals, until: m(formatGulfDate(b.blockedUntil, locale)) })}
      </p>
      <form
        className="delivery-answer"
        noValidate
        onSubmit={(e) => void form.submit(e, async (body) => void (await lift.mutateAsync({ id: b.buyer.id, body })))}
      >
        <TextField label={t('delivery.admin.reason')} {...form.bind('reason')} error={form.fields.reason} />
        <FormError message={form.error} />
        <button type="submit" className="btn btn--primary" data-testid="lift-cod">
          {t('delivery.admin.lift')}
        </button>
      </form>
    </li>
  );
}
