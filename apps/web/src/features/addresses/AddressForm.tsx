import { SavedAddressSchema, type SavedAddressView } from '@souq/shared';
import { AddressFields } from '../../components/address/AddressFields';
import { addressOfValues, EMPTY_ADDRESS, valuesOf } from '../../components/address/address-values';
import { FormError } from '../../components/FormError';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useSaveAddress } from './api';

interface Props {
  /** The address being changed; a new one when left out. */
  editing?: SavedAddressView;
  onDone: () => void;
}

/** One address of the book, new or changed, checked by the same schema as the server's. */
export function AddressForm({ editing, onDone }: Props) {
  const { t } = useT();
  const save = useSaveAddress();
  const form = useForm({
    initial: editing ? valuesOf(editing) : EMPTY_ADDRESS,
    check: (values) => bySchema(SavedAddressSchema)(addressOfValues(values)),
  });
  return (
    <form
      className="card address-form"
      noValidate
      data-testid="address-form"
      onSubmit={(e) =>
        void form.submit(e, async (body) => {
          await save.mutateAsync({ id: editing?.id, body });
          onDone();
        })
      }
    >
      <h2>{editing ? t('addresses.editTitle') : t('addresses.addTitle')}</h2>
      <AddressFields bind={form.bind} values={form.values} edit={form.edit} fields={form.fields} />
      <FormError message={form.error} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={form.pending}>
          {form.pending ? t('orders.address.saving') : t('addresses.save')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('addresses.cancel')}
        </button>
      </div>
    </form>
  );
}
