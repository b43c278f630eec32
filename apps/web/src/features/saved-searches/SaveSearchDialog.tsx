import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { parseAmountToFils, SavedSearchInputSchema, type Category, type SavedSearchCreated } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { MoneyInput } from '../../components/MoneyInput';
import { useCategoryName } from '../../components/category-names';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useSaveSearch } from './api';

export interface SearchShown {
  text: string;
  category: Category | null;
  /** The auction list saves auctions-only searches unless the person says otherwise. */
  auctionsOnly: boolean;
}

interface Values {
  maxPrice: string;
  auctionsOnly: boolean;
}

/** What the page shows, with an optional price ceiling and "auctions only", saved as one search. */
export function SaveSearchDialog({ shown, onClose }: { shown: SearchShown; onClose: () => void }) {
  const { t, m } = useT();
  const ids = useId();
  const save = useSaveSearch();
  const categoryName = useCategoryName();
  const [answer, setAnswer] = useState<SavedSearchCreated | null>(null);
  const form = useForm({
    initial: { maxPrice: '', auctionsOnly: shown.auctionsOnly } as Values,
    check: (values: Values) =>
      bySchema(SavedSearchInputSchema)({
        text: shown.text,
        category: shown.category,
        maxPrice: values.maxPrice.trim() === '' ? null : (parseAmountToFils(values.maxPrice) ?? Number.NaN),
        auctionsOnly: values.auctionsOnly,
      }),
    signInHere: true,
  });
  const { values, fields, error, pending } = form;

  function submit(e: FormEvent<HTMLFormElement>) {
    void form.submit(e, async (data) => setAnswer(await save.mutateAsync(data)));
  }

  const summary = [shown.text && `“${shown.text}”`, shown.category && categoryName(shown.category)]
    .filter(Boolean)
    .join(' · ');

  if (answer)
    return (
      <Modal
        title={t('searches.dialog.title')}
        onClose={onClose}
        testId="save-search-dialog"
        actions={
          <>
            <Link to="/MyAccount?tab=searches" className="btn btn--ghost">
              {t('searches.dialog.manage')}
            </Link>
            <button type="button" className="btn btn--primary" autoFocus onClick={onClose}>
              {t('searches.dialog.close')}
            </button>
          </>
        }
      >
        <p role="status">{answer.created ? t('searches.dialog.saved') : t('searches.dialog.already')}</p>
      </Modal>
    );

  return (
    <Modal title={t('searches.dialog.title')} onClose={() => !pending && onClose()} testId="save-search-dialog">
      <form noValidate onSubmit={submit} className="save-search-form">
        <p>
          {t('searches.dialog.intro')} <strong>{summary}</strong>
        </p>
        <div className={`field${fields.maxPrice ? ' field--invalid' : ''}`}>
          <label htmlFor={`${ids}-price`}>
            {t('searches.dialog.maxPrice')} <span className="field__optional">{t('searches.optional')}</span>
          </label>
          <MoneyInput
            id={`${ids}-price`}
            name="maxPrice"
            value={values.maxPrice}
            disabled={pending}
            aria-invalid={fields.maxPrice ? true : undefined}
            aria-describedby={fields.maxPrice ? `${ids}-price-error` : undefined}
            onChange={(e) => form.edit('maxPrice', e.target.value)}
          />
          {fields.maxPrice && (
            <small id={`${ids}-price-error`} className="field__error">
              {m(fields.maxPrice)}
            </small>
          )}
        </div>
        <label className="check-field">
          <input
            type="checkbox"
            name="auctionsOnly"
            checked={values.auctionsOnly}
            disabled={pending}
            onChange={(e) => form.edit('auctionsOnly', e.target.checked)}
          />
          {t('searches.dialog.auctionsOnly')}
        </label>
        <p className="muted">{t('searches.dialog.how')}</p>
        {/* A field's own message is shown under it, not twice. */}
        <FormError message={error === fields.maxPrice ? null : error} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" disabled={pending} onClick={onClose}>
            {t('searches.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {t('searches.dialog.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
