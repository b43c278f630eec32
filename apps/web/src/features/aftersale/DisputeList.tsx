import { DECISIONS, DecideProblemSchema, PROBLEM_TEXT_MAX, type Problem } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Skeleton } from '../../components/Skeleton';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useDecideDispute, useDisputes } from './api';
import { DECISION_LABEL } from './labels';
import { ProblemSteps } from './ProblemSteps';

/** Staff decide for the buyer or the seller, with a reason the audit log keeps. */
function DecideForm({ problemId }: { problemId: string }) {
  const { t } = useT();
  const decide = useDecideDispute(problemId);
  const form = useForm({ initial: { decision: '', reason: '' }, check: bySchema(DecideProblemSchema) });
  return (
    <form
      className="aftersale-form"
      data-testid="decide-dispute"
      noValidate
      onSubmit={(e) => void form.submit(e, async (data) => void (await decide.mutateAsync(data)))}
    >
      <Field label={t('aftersale.decide.for')} error={form.fields.decision}>
        {(control) => (
          <select {...control} {...form.bind('decision')}>
            <option value="">{t('aftersale.decide.choose')}</option>
            {DECISIONS.map((d) => (
              <option key={d} value={d}>
                {t(DECISION_LABEL[d])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('aftersale.decide.reason')} error={form.fields.reason}>
        {(control) => <textarea {...control} {...form.bind('reason')} maxLength={PROBLEM_TEXT_MAX} rows={2} />}
      </Field>
      <FormError message={form.error} />
      <button type="submit" className="btn btn--primary btn--small" disabled={form.pending}>
        {t('aftersale.decide.send')}
      </button>
    </form>
  );
}

function Dispute({ problem }: { problem: Problem }) {
  const { t } = useT();
  return (
    <article className="order-card" data-testid="dispute">
      <p>
        <strong>
          <bdi>{problem.title}</bdi>
        </strong>{' '}
        <span className="muted">
          {t('aftersale.dispute.parties', { buyer: problem.buyer.username, seller: problem.seller.username })} ·{' '}
          <bdi>{problem.orderId.slice(0, 8).toUpperCase()}</bdi>
        </span>
      </p>
      <ProblemSteps problem={problem} as="staff" />
      <DecideForm problemId={problem.id} />
    </article>
  );
}

/** Escalated problems waiting for staff, oldest first, each with both sides' words and the photos. */
export function DisputeList() {
  const { t } = useT();
  const disputes = useDisputes();
  if (disputes.isPending)
    return (
      <div role="status" aria-label={t('aftersale.dispute.loading')}>
        <Skeleton height="8rem" />
      </div>
    );
  if (disputes.isError)
    return (
      <ErrorState
        title={t('aftersale.dispute.error')}
        message={disputes.error.message}
        onRetry={() => void disputes.refetch()}
      />
    );
  if (!disputes.data.items.length)
    return (
      <EmptyState title={t('aftersale.dispute.empty')}>
        <p className="muted">{t('aftersale.dispute.emptyHint')}</p>
      </EmptyState>
    );
  return (
    <div data-testid="disputes">
      {disputes.data.items.map((p) => (
        <Dispute key={p.id} problem={p} />
      ))}
    </div>
  );
}
