import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchInput } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  mine: () => [...savedSearchKeys.all, 'mine'] as const,
};

/** My saved searches (My Account); fetched only while the tab shows them. */
export const useSavedSearches = (enabled = true) =>
  useQuery({ queryKey: savedSearchKeys.mine(), queryFn: () => call(API.savedSearches.list), enabled });

/** Saves what the page shows; the same search again is the one kept (`created: false`). */
export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchInput) => call(API.savedSearches.create, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: savedSearchKeys.mine() }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(API.savedSearches.remove, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: savedSearchKeys.mine() }),
  });
}
