import { ANSWER_KINDS, AnswerProblemSchema, PROBLEM_TEXT_MAX, type Problem } from '@souq/shared';
import { serverNow } from '../../api/server-clock';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { formatGulfDateTime } from '../../components/dates';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useAnswerProblem, useEscalateProblem } from './api';
import { ANSWER_KIND_LABEL, DECISION_LABEL, PROBLEM_KIND_LABEL, STATUS_LABEL } from './labels';

/** The seller's answer: refund agreed, return agreed, or a reply, always with words. */
function AnswerForm({ problemId }: { problemId: string }) {
  const { t } = useT();
  const answer = useAnswerProblem(problemId);
  const form = useForm({ initial: { kind: '', text: '' }, check: bySchema(AnswerProblemSchema) });
  return (
    <form
      className="aftersale-form"
      data-testid="answer-problem"
      noValidate
      onSubmit={(e) => void form.submit(e, async (data) => void (await answer.mutateAsync(data)))}
    >
      <Field label={t('aftersale.answer.kind')} error={form.fields.kind}>
        {(control) => (
          <select {...control} {...form.bind('kind')}>
            <option value="">{t('aftersale.answer.choose')}</option>
            {ANSWER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(ANSWER_KIND_LABEL[k])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('aftersale.answer.text')} error={form.fields.text}>
        {(control) => <textarea {...control} {...form.bind('text')} maxLength={PROBLEM_TEXT_MAX} rows={2} />}
      </Field>
      <FormError message={form.error} />
      <button type="submit" className="btn btn--primary btn--small" disabled={form.pending}>
        {t('aftersale.answer.send')}
      </button>
    </form>
  );
}

/** The buyer, not satisfied (or unanswered in time), asks Souq staff to decide. */
function EscalateForm({ problemId }: { problemId: string }) {
  const { t } = useT();
  const escalate = useEscalateProblem(problemId);
  const form = useForm({ initial: { text: '' }, check: (v) => ({ ok: true, data: v.text.trim() || null }) });
  return (
    <form
      className="aftersale-form"
      data-testid="escalate-problem"
      noValidate
      onSubmit={(e) => void form.submit(e, async (text) => void (await escalate.mutateAsync(text)))}
    >
      <Field label={t('aftersale.escalate.text')} optional error={form.fields.text}>
        {(control) => <textarea {...control} {...form.bind('text')} maxLength={PROBLEM_TEXT_MAX} rows={2} />}
      </Field>
      <FormError message={form.error} />
      <button type="submit" className="btn btn--ghost btn--small" disabled={form.pending}>
        {t('aftersale.escalate.send')}
      </button>
    </form>
  );
}

/**
 * Every step of a problem as both sides see it (issue 31): what the buyer said, the seller's
 * answer, the escalation and the staff decision; and the one thing this person may do next.
 */
export function ProblemSteps({ problem, as }: { problem: Problem; as: 'buyer' | 'seller' | 'staff' }) {
  const { t, m, locale } = useT();
  const when = (iso: string) => m(formatGulfDateTime(iso, locale));
  const answerTimeOver = serverNow() > Date.parse(problem.answerBy);
  // The server says so on every read; the clock check flips a page left open across the deadline.
  const unanswered = problem.unanswered || (problem.status === 'open' && answerTimeOver);
  const canEscalate = as === 'buyer' && (problem.status === 'answered' || unanswered);
  return (
    <section className="problem-steps" data-testid="problem" aria-label={t('aftersale.problem.title')}>
      <p>
        <strong>{t('aftersale.problem.title')}</strong> ·{' '}
        <span className={unanswered ? 'pill pill--small pill--warn' : 'pill pill--small'} data-testid="problem-status">
          {t(unanswered ? 'aftersale.status.unanswered' : STATUS_LABEL[problem.status])}
        </span>
      </p>
      <ol>
        <li>
          {t('aftersale.step.opened', { buyer: problem.buyer.username, when: when(problem.createdAt) })}{' '}
          <strong>{t(PROBLEM_KIND_LABEL[problem.kind])}</strong>
          <blockquote>
            <bdi>{problem.text}</bdi>
          </blockquote>
          {problem.photos.length > 0 && (
            <div className="problem-steps__photos">
              {problem.photos.map((url, i) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={t('aftersale.problem.photo', { n: i + 1 })} width={72} height={72} />
                </a>
              ))}
            </div>
          )}
        </li>
        {problem.answer ? (
          <li data-testid="problem-answer">
            {t('aftersale.step.answered', { seller: problem.seller.username, when: when(problem.answer.at) })}{' '}
            <strong>{t(ANSWER_KIND_LABEL[problem.answer.kind])}</strong>
            <blockquote>
              <bdi>{problem.answer.text}</bdi>
            </blockquote>
          </li>
        ) : unanswered ? (
          <li className="notice notice--warn" data-testid="problem-unanswered">
            {as === 'seller'
              ? t('aftersale.step.unansweredSeller', { when: when(problem.answerBy) })
              : t('aftersale.step.unansweredBuyer', { seller: problem.seller.username, when: when(problem.answerBy) })}
          </li>
        ) : (
          problem.status === 'open' && (
            <li className="muted">{t('aftersale.step.answerBy', { when: when(problem.answerBy) })}</li>
          )
        )}
        {problem.escalation && (
          <li>
            {t('aftersale.step.escalated', { when: when(problem.escalation.at) })}
            {problem.escalation.text && (
              <blockquote>
                <bdi>{problem.escalation.text}</bdi>
              </blockquote>
            )}
          </li>
        )}
        {problem.decision && (
          <li data-testid="problem-decision">
            {t('aftersale.step.decided', { when: when(problem.decision.at) })}{' '}
            <strong>{t(DECISION_LABEL[problem.decision.for])}</strong>
            <blockquote>
              <bdi>{problem.decision.reason}</bdi>
            </blockquote>
          </li>
        )}
      </ol>
      {as === 'seller' && problem.status === 'open' && !unanswered && <AnswerForm problemId={problem.id} />}
      {canEscalate && <EscalateForm problemId={problem.id} />}
    </section>
  );
}
