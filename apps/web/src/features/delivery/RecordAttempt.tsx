import { useId, useState } from 'react';
import { DELIVERY_OUTCOMES, DeliveryAttemptSchema } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useRecordAttempt } from './api';
import { OUTCOME_KEYS } from './words';

/** The seller's record of one visit to the door: what happened, and for a refusal the buyer's reason. */
export function RecordAttempt({ lineId }: { lineId: string }) {
  const { t, m } = useT();
  const [open, setOpen] = useState(false);
  const record = useRecordAttempt(lineId);
  const legend = useId();
  const form = useForm({ initial: { outcome: '', reason: '' }, check: bySchema(DeliveryAttemptSchema) });
  if (!open)
    return (
      <button type="button" className="btn btn--ghost" data-testid="record-attempt" onClick={() => setOpen(true)}>
        {t('delivery.record')}
      </button>
    );
  return (
    <form
      className="attempt-form"
      noValidate
      data-testid="attempt-form"
      onSubmit={(e) =>
        void form.submit(e, async (body) => {
          await record.mutateAsync(body);
          form.setValues({ outcome: '', reason: '' });
          setOpen(false);
        })
      }
    >
      <fieldset
        className="attempt-form__outcomes"
        aria-describedby={form.fields.outcome ? `${legend}-note` : undefined}
      >
        <legend id={legend}>{t('delivery.whatHappened')}</legend>
        {DELIVERY_OUTCOMES.map((outcome) => (
          <label key={outcome} className="attempt-form__choice">
            <input
              type="radio"
              name="outcome"
              value={outcome}
              checked={form.values.outcome === outcome}
              onChange={() => form.edit('outcome', outcome)}
            />
            {t(OUTCOME_KEYS[outcome])}
          </label>
        ))}
        {form.fields.outcome && (
          <small id={`${legend}-note`} className="field__error">
            {m(form.fields.outcome)}
          </small>
        )}
      </fieldset>
      <TextField
        label={form.values.outcome === 'refused' ? t('delivery.reasonRefused') : t('delivery.reasonOptional')}
        {...form.bind('reason')}
        error={form.fields.reason}
      />
      <FormError message={form.error} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={form.pending}>
          {t('delivery.save')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
          {t('addresses.cancel')}
        </button>
      </div>
    </form>
  );
}
