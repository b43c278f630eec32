import { useState } from 'react';
import { AddressSchema, type SavedAddressView } from '@souq/shared';
import { bySchema } from '../form-check';
import { useForm } from '../useForm';
import { AddressFields } from './AddressFields';
import { addressOfValues, EMPTY_ADDRESS, valuesOf, type AddressValues } from './address-values';
import { SavedAddressPicker } from './SavedAddressPicker';

const defaultOf = (saved: readonly SavedAddressView[]) => saved.find((a) => a.isDefault) ?? saved[0];

/** A delivery address form that starts from the buyer's default address: checkout's and an offer's alike. */
export function useAddressBookForm(saved: readonly SavedAddressView[]) {
  const first = defaultOf(saved);
  return useForm({
    initial: first ? valuesOf(first) : EMPTY_ADDRESS,
    check: (values: AddressValues) => bySchema(AddressSchema)(addressOfValues(values)),
  });
}

/** The address book's choices above the address's fields: a tap fills them with a saved address or clears them. */
export function AddressBookFields({
  saved,
  form,
}: {
  saved: SavedAddressView[];
  form: ReturnType<typeof useAddressBookForm>;
}) {
  const [chosen, setChosen] = useState<string | null>(defaultOf(saved)?.id ?? null);
  return (
    <>
      <SavedAddressPicker
        saved={saved}
        chosen={chosen}
        onChoose={(address) => {
          setChosen(address?.id ?? null);
          form.setValues(address ? valuesOf(address) : EMPTY_ADDRESS);
          form.setFields({});
        }}
      />
      <AddressFields bind={form.bind} values={form.values} edit={form.edit} fields={form.fields} />
    </>
  );
}
