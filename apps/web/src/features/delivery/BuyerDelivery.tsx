import { useState } from 'react';
import {
  DeliveryReplySchema,
  RefusalDisputeSchema,
  type DeliveryAttemptView,
  type LineDelivery,
  type Order,
} from '@souq/shared';
import { AddressFields } from '../../components/address/AddressFields';
import { addressOfValues, valuesOf } from '../../components/address/address-values';
import { formatGulfDateTime } from '../../components/dates';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useSecondsLeft } from '../../components/useSecondsLeft';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useDispute, useReply } from './api';
import { AttemptList } from './AttemptList';
import './delivery.css';

interface Props {
  delivery: LineDelivery | undefined;
  /** The line's status: answers are for a line still out for delivery. */
  status: string;
  /** The order's address as it stands, to start from when putting it right. */
  address: Order['address'];
}

/** Under a buyer's line (issue 46): each attempt at the door, and the answer a failed one asks for. */
export function BuyerDelivery({ delivery, status, address }: Props) {
  const { t } = useT();
  if (!delivery?.attempts.length) return null;
  const last = delivery.attempts.at(-1)!;
  const failed = last.outcome !== 'delivered';
  return (
    <section className="line-delivery" aria-label={t('delivery.title')} data-testid="buyer-delivery">
      <AttemptList attempts={delivery.attempts} />
      {delivery.deliveryFailed && <p className="notice notice--warn">{t('delivery.cancelledFailedBuyer')}</p>}
      {last.outcome === 'refused' && !last.dispute && last.disputeUntil && (
        <DisputeWhileOpen attempt={last} until={last.disputeUntil} />
      )}
      {failed && !last.reply && status === 'shipped' && <ReplyForm attempt={last} address={address} />}
    </section>
  );
}

function ReplyForm({ attempt, address }: { attempt: DeliveryAttemptView; address: Order['address'] }) {
  const { t } = useT();
  const reply = useReply(attempt.id);
  const [fixing, setFixing] = useState(attempt.outcome === 'wrong_address');
  const form = useForm({
    initial: { ...valuesOf(address), note: '' },
    check: ({ note, ...values }) =>
      bySchema(DeliveryReplySchema)({ note, address: fixing ? addressOfValues(values) : null }),
  });
  return (
    <form
      className="card delivery-answer"
      noValidate
      data-testid="delivery-reply"
      onSubmit={(e) => void form.submit(e, async (body) => void (await reply.mutateAsync(body)))}
    >
      <h3>{attempt.outcome === 'wrong_address' ? t('delivery.fixAddress') : t('delivery.tellWhen')}</h3>
      <TextField
        label={t('delivery.replyNote')}
        placeholder={t('delivery.replyPlaceholder')}
        {...form.bind('note')}
        error={form.fields.note}
      />
      <label className="delivery-answer__toggle">
        <input type="checkbox" checked={fixing} onChange={(e) => setFixing(e.target.checked)} />
        {t('delivery.alsoFixAddress')}
      </label>
      {fixing && <AddressFields bind={form.bind} values={form.values} edit={form.edit} fields={form.fields} />}
      <FormError message={form.error} />
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {t('delivery.sendReply')}
      </button>
    </form>
  );
}

/** The dispute form for as long as the 48 hours run, on the server's clock. */
function DisputeWhileOpen({ attempt, until }: { attempt: DeliveryAttemptView; until: string }) {
  const left = useSecondsLeft(until);
  return left !== null && left > 0 ? <DisputeForm attempt={attempt} /> : null;
}

function DisputeForm({ attempt }: { attempt: DeliveryAttemptView }) {
  const { t, m, locale } = useT();
  const dispute = useDispute(attempt.id);
  const form = useForm({ initial: { note: '' }, check: bySchema(RefusalDisputeSchema) });
  return (
    <form
      className="card delivery-answer"
      noValidate
      data-testid="delivery-dispute"
      onSubmit={(e) => void form.submit(e, async (body) => void (await dispute.mutateAsync(body)))}
    >
      <h3>{t('delivery.disputeTitle')}</h3>
      <p className="muted">
        {t('delivery.disputeHint', { until: m(formatGulfDateTime(attempt.disputeUntil!, locale)) })}
      </p>
      <TextField label={t('delivery.disputeNote')} {...form.bind('note')} error={form.fields.note} />
      <FormError message={form.error} />
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {t('delivery.sendDispute')}
      </button>
    </form>
  );
}
