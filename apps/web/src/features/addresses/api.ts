import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../api/client';
import { call } from '../../api/client';
import { API } from '../../api/contract';

type Saved = BodyOf<typeof API.addresses.create>;

export const addressKeys = { mine: ['addresses', 'mine'] as const };

/** My address book; checkout and a won order fill their form from it. */
export const useAddressBook = (enabled = true) =>
  useQuery({ queryKey: addressKeys.mine, queryFn: () => call(API.addresses.list), enabled });

function useBookChange<I>(change: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => void client.invalidateQueries({ queryKey: addressKeys.mine }),
  });
}

/** Saves a new address, or changes the one with `id`. */
export const useSaveAddress = () =>
  useBookChange(({ id, body }: { id?: string; body: Saved }) =>
    id ? call(API.addresses.update, { params: { id }, body }) : call(API.addresses.create, { body }),
  );
export const useRemoveAddress = () => useBookChange((id: string) => call(API.addresses.remove, { params: { id } }));
export const useMakeDefault = () => useBookChange((id: string) => call(API.addresses.makeDefault, { params: { id } }));
