import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StreamDetail } from '@souq/shared';
import { call } from '../../../api/client';
import { API } from '../../../api/contract';
import { noteEngaged } from '../../../api/engagement';
import { streamKeys } from '../api';
import { applyBoughtPin } from '../live-state';

/** Scheduled shows, soonest first; under the list's key, so the live list's news re-read it too. */
export const upcomingKey = () => [...streamKeys.list(), 'upcoming'] as const;

export function useUpcomingShows() {
  return useQuery({
    queryKey: upcomingKey(),
    queryFn: ({ signal }) => call(API.streams.upcoming, { signal }),
    refetchInterval: 60_000,
    staleTime: 0,
  });
}

function usePatchStream(id: string) {
  const client = useQueryClient();
  return (step: (d: StreamDetail) => StreamDetail) =>
    client.setQueryData<StreamDetail>(streamKeys.detail(id), (d) => d && step(d));
}

/** "Remind me" and "Do not remind me": the answer flips the page's flag at once. */
export function useReminder(id: string) {
  const patch = usePatchStream(id);
  return useMutation({
    mutationFn: (remind: boolean) =>
      remind ? call(API.streams.remind, { params: { id } }) : call(API.streams.forget, { params: { id } }),
    onSuccess: (_answer, remind) => {
      patch((d) => ({ ...d, reminded: remind }));
      if (remind) noteEngaged();
    },
  });
}

/** A pre-bid: the server's answer becomes this viewer's maximum on the lot. */
export function usePrebid(id: string) {
  const patch = usePatchStream(id);
  return useMutation({
    mutationFn: ({ lotId, maxAmount }: { lotId: string; maxAmount: number }) =>
      call(API.streams.prebid, { params: { id, lotId }, body: { maxAmount } }),
    onSuccess: ({ maxAmount }, { lotId }) =>
      patch((d) => ({ ...d, myPrebids: { ...d.myPrebids, [lotId]: maxAmount } })),
  });
}

/**
 * Buy It Now, one unit. The key names the attempt: a retry of the same tap (no answer came) buys
 * once; a new tap after an answer is a new purchase.
 */
export function useBuyPin(id: string) {
  const patch = usePatchStream(id);
  return useMutation({
    mutationFn: ({ pinId, key }: { pinId: string; key: string }) =>
      call(API.streams.buy, { params: { id, pinId }, headers: { 'idempotency-key': key } }),
    onSuccess: ({ order, pin }) => patch((d) => ({ ...applyBoughtPin(d, pin), order })),
  });
}

/** The moderators' mute: 5 minutes without chat. */
export function useMuteViewer(id: string) {
  return useMutation({ mutationFn: (userId: string) => call(API.streams.mute, { params: { id, userId } }) });
}

/** Entering the show's giveaway: the answer marks this viewer in. */
export function useEnterGiveaway(id: string) {
  const patch = usePatchStream(id);
  return useMutation({
    mutationFn: (giveawayId: string) => call(API.streams.enterGiveaway, { params: { id, giveawayId } }),
    onSuccess: () => patch((d) => ({ ...d, giveawayEntered: true })),
  });
}
