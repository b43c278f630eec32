import { useMutation } from '@tanstack/react-query';
import type { ReportInput } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';

/** A person's own reports are never listed back to them: the key only names the mutation. */
export const reportKeys = {
  all: ['reports'] as const,
  create: () => [...reportKeys.all, 'create'] as const,
};

/** Reports a thing once; a second report of the same thing is the server's 409 with its words. */
export function useReport() {
  return useMutation({
    mutationKey: reportKeys.create(),
    mutationFn: (body: ReportInput) => call(API.reports.create, { body }),
  });
}
