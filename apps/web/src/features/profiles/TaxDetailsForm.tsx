import { useState } from 'react';
import { MSG, TaxDetailsSchema, type TaxDetails } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useSaveTaxDetails, useTaxDetails } from './api';

/**
 * Settings' "Tax details" (issue 32, ADR 0042): the legal name, address and TRN a seller's invoices
 * name them by. With a TRN they are tax invoices; clearing it makes the next ones plain. Invoices
 * already issued keep what they said.
 */
function Form({ saved }: { saved: TaxDetails }) {
  const { t, m } = useT();
  const save = useSaveTaxDetails();
  const [done, setDone] = useState(false);
  const form = useForm({
    initial: { legalName: saved.legalName, address: saved.address, trn: saved.trn ?? '' },
    check: bySchema(TaxDetailsSchema),
  });
  const say = (message: string | undefined) => (message ? m(message) : undefined);
  return (
    <form
      noValidate
      data-testid="tax-details-form"
      onSubmit={(e) => {
        setDone(false);
        void form.submit(e, async (data) => {
          await save.mutateAsync(data);
          setDone(true);
        });
      }}
    >
      <TextField
        label={t('account.tax.legalName')}
        autoComplete="organization"
        maxLength={200}
        {...form.bind('legalName')}
        error={say(form.fields.legalName)}
      />
      <div className={`field${form.fields.address ? ' field--invalid' : ''}`}>
        <label htmlFor="tax-address">{t('account.tax.address')}</label>
        <textarea
          id="tax-address"
          rows={3}
          maxLength={400}
          autoComplete="street-address"
          aria-invalid={form.fields.address ? true : undefined}
          aria-describedby={form.fields.address ? 'tax-address-error' : undefined}
          {...form.bind('address')}
        />
        {form.fields.address && (
          <small id="tax-address-error" className="field__error">
            {m(form.fields.address)}
          </small>
        )}
      </div>
      <TextField
        label={t('account.tax.trn')}
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        {...form.bind('trn')}
        error={say(form.fields.trn)}
        hint={t('account.tax.trnHint')}
      />
      <FormError message={form.error && m(form.error)} />
      {done && (
        <p className="notice notice--ok" role="status">
          {m(MSG.taxDetailsSaved)}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {t('account.tax.save')}
      </button>
    </form>
  );
}

export function TaxDetailsForm() {
  const { t } = useT();
  const details = useTaxDetails();
  return (
    <section className="card" data-testid="tax-details">
      <h2>{t('account.tax.title')}</h2>
      <p className="muted">{t('account.tax.lead')}</p>
      {details.data ? (
        <Form saved={details.data} />
      ) : details.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{t('account.tax.loadFailed')}</p>
          <button type="button" className="btn btn--small btn--ghost" onClick={() => void details.refetch()}>
            {t('account.tax.retry')}
          </button>
        </div>
      ) : (
        // Three fields and a button: the form's own height, so the page does not jump.
        <div role="status" aria-label={t('account.tax.loading')}>
          <Skeleton height={300} width="100%" />
        </div>
      )}
    </section>
  );
}
