import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput, StaffDataRightsInput } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';

export const privacyKeys = { status: ['privacy', 'status'] as const };

/** The Privacy section: the latest export and what stands in the way of deleting the account. */
export function usePrivacyStatus() {
  return useQuery({
    queryKey: privacyKeys.status,
    queryFn: ({ signal }) => call(API.privacy.status, { signal }),
    // While an export is being built, look again now and then: the bell rings too.
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? 5000 : false),
  });
}

export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.privacy.requestExport),
    onSettled: () => client.invalidateQueries({ queryKey: privacyKeys.status }),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (body: DeleteAccountInput) => call(API.privacy.deleteAccount, { body }) });
}

export function useStaffExport() {
  return useMutation({ mutationFn: (body: StaffDataRightsInput) => call(API.privacy.staffExport, { body }) });
}

export function useStaffErase() {
  return useMutation({ mutationFn: (body: StaffDataRightsInput) => call(API.privacy.staffErase, { body }) });
}
