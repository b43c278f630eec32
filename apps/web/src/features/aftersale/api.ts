import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerProblemInput, DecideProblemInput, OpenProblemInput, RateSellerInput } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';

export const aftersaleKeys = {
  all: ['aftersale'] as const,
  standing: (sellerId: string) => [...aftersaleKeys.all, 'standing', sellerId] as const,
  ratings: (sellerId: string) => [...aftersaleKeys.all, 'ratings', sellerId] as const,
  mine: () => [...aftersaleKeys.all, 'mine'] as const,
  disputes: () => [...aftersaleKeys.all, 'disputes'] as const,
};

/** A seller's standing changes slowly: one answer per seller, shared by every page that shows them. */
const STANDING_FRESH_MS = 5 * 60_000;

export const useSellerStanding = (sellerId: string | undefined) =>
  useQuery({
    queryKey: aftersaleKeys.standing(sellerId ?? ''),
    queryFn: () => call(API.aftersale.standing, { params: { id: sellerId! } }),
    enabled: !!sellerId,
    staleTime: STANDING_FRESH_MS,
  });

/** A seller's ratings, newest first, 20 a page (ADR 0006): "Load more" asks for the next cursor. */
export const useSellerRatings = (sellerId: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: aftersaleKeys.ratings(sellerId),
    queryFn: ({ pageParam, signal }) =>
      call(API.aftersale.ratings, { params: { id: sellerId }, query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });

export const useMyAftersale = (enabled: boolean) =>
  useQuery({ queryKey: aftersaleKeys.mine(), queryFn: () => call(API.aftersale.mine), enabled });

export const useDisputes = () =>
  useQuery({ queryKey: aftersaleKeys.disputes(), queryFn: () => call(API.aftersale.disputes) });

/**
 * Every after-sale change re-reads what it touched: this feature's answers, and whatever the page
 * composing it says (the order or sales list, which belong to the orders feature).
 */
function useAftersaleMutation<A, R>(send: (args: A) => Promise<R>, onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      onChanged?.();
      await client.invalidateQueries({ queryKey: aftersaleKeys.all });
    },
  });
}

export const useCancelLate = (onChanged?: () => void) =>
  useAftersaleMutation((lineId: string) => call(API.aftersale.cancelLate, { params: { id: lineId } }), onChanged);

export const useRateSeller = (lineId: string) =>
  useAftersaleMutation((body: RateSellerInput) => call(API.aftersale.rate, { params: { id: lineId }, body }));

export const useReplyRating = (ratingId: string) =>
  useAftersaleMutation((text: string) => call(API.aftersale.reply, { params: { id: ratingId }, body: { text } }));

export const useOpenProblem = (lineId: string) =>
  useAftersaleMutation(({ fields, photos }: { fields: OpenProblemInput; photos: File[] }) => {
    const form = new FormData();
    form.append('kind', fields.kind);
    form.append('text', fields.text);
    for (const photo of photos) form.append('photos', photo, photo.name);
    return call(API.aftersale.openProblem, { params: { id: lineId }, form });
  });

export const useAnswerProblem = (problemId: string) =>
  useAftersaleMutation((body: AnswerProblemInput) => call(API.aftersale.answer, { params: { id: problemId }, body }));

export const useEscalateProblem = (problemId: string) =>
  useAftersaleMutation((text: string | null) =>
    call(API.aftersale.escalate, { params: { id: problemId }, body: { text } }),
  );

export const useDecideDispute = (problemId: string) =>
  useAftersaleMutation((body: DecideProblemInput) => call(API.aftersale.decide, { params: { id: problemId }, body }));
