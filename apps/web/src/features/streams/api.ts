import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { API } from '../../api/contract';
import { productKeys } from '../../api/keys';
import { timedRead } from '../../api/server-clock';

export const streamKeys = {
  all: ['streams'] as const,
  list: () => [...streamKeys.all, 'list'] as const,
  detail: (id: string) => [...streamKeys.all, 'detail', id] as const,
};

/** The live list's first page (live first, newest first); the socket says when to read it again. */
export function useStreamList() {
  return useQuery({
    queryKey: streamKeys.list(),
    queryFn: ({ signal }) => call(API.streams.list, { signal }),
    // The list refreshes every 10 s even without a socket; the socket makes it immediate.
    refetchInterval: 10_000,
    staleTime: 0,
  });
}

/** One stream as this person sees it; every read also sets the server clock its countdown runs on. */
export function useStream(id: string) {
  return useQuery({
    queryKey: streamKeys.detail(id),
    queryFn: ({ signal }) => timedRead(() => call(API.streams.detail, { params: { id }, signal })),
    enabled: id.length > 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The host's own products that can go on sale now (not already on an open auction). */
export function useSellableProducts(ownerId: string) {
  return useQuery({
    queryKey: productKeys.list('sellable', { ownerId }),
    queryFn: ({ signal }) => call(API.profiles.products, { params: { id: ownerId }, signal }),
    select: (page) => page.items,
  });
}

/** Goes live: the fields and the optional cover as one multipart upload (a bar only for a cover). */
export function useStartStream() {
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (fraction: number) => void }) =>
      call(API.streams.start, { form, onProgress }),
  });
}

// The host's moderation and the end: each shows once the stream is read again.

function useRereadStream(id: string) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: streamKeys.detail(id) });
}

export function useEndStream(id: string) {
  const reread = useRereadStream(id);
  return useMutation({ mutationFn: () => call(API.streams.end, { params: { id } }), onSuccess: reread });
}

export function useDeleteMessage(id: string) {
  const reread = useRereadStream(id);
  return useMutation({
    mutationFn: (messageId: string) => call(API.streams.deleteMessage, { params: { id, messageId } }),
    onSuccess: reread,
  });
}

export function useRemoveViewer(id: string) {
  return useMutation({ mutationFn: (userId: string) => call(API.streams.removeViewer, { params: { id, userId } }) });
}
