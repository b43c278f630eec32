import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportActionInput, RestoreInput } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';
import { auctionKeys, productKeys } from '../../api/keys';

export const adminKeys = {
  all: ['admin'] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
};

/** The open reports, grouped by the thing reported (the server's order: longest waiting first). */
export function useReportQueue() {
  return useQuery({
    queryKey: adminKeys.reports(),
    queryFn: ({ signal }) => call(API.reports.queue, { signal }),
  });
}

/** The audit log, newest first, 50 a page. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }) => call(API.admin.audit, { query: { before: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** An action changes the queue, the log, and perhaps what the shop and auction lists show. */
function useAfterAction() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.all }),
      client.invalidateQueries({ queryKey: productKeys.all }),
      client.invalidateQueries({ queryKey: auctionKeys.all }),
    ]);
}

export function useActOnReport() {
  const after = useAfterAction();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: ReportActionInput }) =>
      call(API.reports.act, { params: { id: reportId }, body }),
    onSettled: after,
  });
}

export function useRestore() {
  const after = useAfterAction();
  return useMutation({
    mutationFn: (body: RestoreInput) => call(API.reports.restore, { body }),
    onSettled: after,
  });
}
