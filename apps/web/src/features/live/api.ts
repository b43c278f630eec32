import { useQuery } from '@tanstack/react-query';
import type { Page, ProductSummary, StreamCard, StreamDetail, VideoJoin } from '@souq/shared';
import { api, post, postForm } from '../../api/client';
import { productKeys } from '../../api/keys';
import { timedRead } from '../../api/server-clock';

export const streamKey = (id: string) => ['stream', id] as const;
export const STREAMS_KEY = ['streams'] as const;

const streamPath = (id: string) => `/api/streams/${encodeURIComponent(id)}`;

/** The live list's first page (live first, newest first); the socket says when to read it again. */
export function useStreamList() {
  return useQuery({
    queryKey: STREAMS_KEY,
    queryFn: ({ signal }) => api<Page<StreamCard>>('/api/streams', { signal }),
    // The list refreshes every 10 s even without a socket; the socket makes it immediate.
    refetchInterval: 10_000,
    staleTime: 0,
  });
}

/** One stream as this person sees it; every read also sets the server clock its countdown runs on. */
export function useStream(id: string) {
  return useQuery({
    queryKey: streamKey(id),
    queryFn: ({ signal }) => timedRead(() => api<StreamDetail>(streamPath(id), { signal })),
    enabled: id.length > 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export const fetchVideoJoin = (id: string) => api<VideoJoin>(`${streamPath(id)}/video`);
export const startStream = (form: FormData, onProgress?: (fraction: number) => void) => postForm<{ id: string }>('/api/streams', form, onProgress);
export const endStream = (id: string) => post<{ ok: true }>(`${streamPath(id)}/end`);
export const deleteMessage = (id: string, messageId: string) => api<{ ok: true }>(`${streamPath(id)}/messages/${encodeURIComponent(messageId)}`, { method: 'DELETE' });
export const removeViewer = (id: string, userId: string) => post<{ ok: true }>(`${streamPath(id)}/removed/${encodeURIComponent(userId)}`);

/** The host's own products that can go on sale now (not already on an open auction). */
export function useSellableProducts(ownerId: string) {
  return useQuery({
    queryKey: productKeys.list('sellable', { ownerId }),
    queryFn: ({ signal }) => api<Page<ProductSummary>>(`/api/users/${encodeURIComponent(ownerId)}/products`, { signal }),
    select: (page) => page.items,
  });
}
