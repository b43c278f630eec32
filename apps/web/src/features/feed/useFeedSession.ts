import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FeedItem } from '@souq/shared';
import { ApiError } from '../../api/client';
import { hasServerTime, syncServerClock } from '../../api/server-clock';
import { useT } from '../../i18n';
import { useFeedPages, useNotInterested } from './api';
import { decodeFeedCursor } from './cursor';
import { hideSellerFrom, keepHiddenSellers, readHiddenSellers, visibleItems, type HiddenSellers } from './hidden';
import { clampIndex } from './navigation';

/** Fetch the next page this many items before the end, so the next item is always there. */
const PREFETCH_AHEAD = 3;

/**
 * The feed's session: its pages, read ahead of the reader; the items left once hidden sellers are
 * taken out; the position; and the URL, which keeps both (?i=n&s=cursor).
 */
export function useFeedSession() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const [session, setSession] = useState<string | null>(() => {
    const s = params.get('s');
    return s && decodeFeedCursor(s) ? s : null;
  });
  const [index, setIndex] = useState(() => Math.max(0, (Number.parseInt(params.get('i') ?? '1', 10) || 1) - 1));
  const [hidden, setHidden] = useState<HiddenSellers>(() => readHiddenSellers(session));
  const [notice, setNotice] = useState('');
  const query = useFeedPages(session);
  const notInterested = useNotInterested();
  const pages = useMemo(() => query.data?.pages ?? [], [query.data]);
  const fetched = useMemo(() => pages.flatMap((p) => p.items), [pages]);
  const items = useMemo(() => visibleItems(fetched, hidden), [fetched, hidden]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const restoring = index >= items.length && hasNextPage;
  const current = restoring ? index : clampIndex(index, items.length);
  const total = hasNextPage
    ? Math.max(items.length, (pages[0]?.total ?? 0) - (fetched.length - items.length))
    : items.length;
  const sessionCursor = session ?? pages[0]?.nextCursor ?? null;
  const item = restoring ? undefined : items[current];

  useEffect(() => {
    if (!hasServerTime()) void syncServerClock();
  }, []);

  // Load ahead, and, coming back to item n, read the session up to it.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && index >= items.length - PREFETCH_AHEAD) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, index, items.length]);

  // A session that expired (or belongs to someone else, after signing in) starts afresh.
  if (session && query.error instanceof ApiError && query.error.code === 'VALIDATION_FAILED') {
    setSession(null);
    setIndex(0);
    setHidden(new Map());
  }

  // The URL follows the position and names the session.
  useEffect(() => {
    if (!item) return;
    const i = String(current + 1);
    if (params.get('i') === i && params.get('s') === sessionCursor) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('i', i);
        if (sessionCursor) next.set('s', sessionCursor);
        else next.delete('s');
        return next;
      },
      { replace: true },
    );
  }, [item, current, sessionCursor, params, setParams]);

  /** "Not interested": the seller's items leave this session (kept with it), and the server is told. */
  function dismiss(gone: FeedItem) {
    const place = fetched.indexOf(gone);
    setHidden((prev) => {
      const next = hideSellerFrom(prev, gone, place < 0 ? fetched.length : place);
      keepHiddenSellers(sessionCursor, next);
      return next;
    });
    const [title, seller] =
      gone.kind === 'product'
        ? [gone.product.title, gone.seller.username]
        : [gone.auction.title, gone.auction.seller.username];
    setNotice(t('feed.removed', { title, seller }));
    notInterested.mutate({ kind: gone.kind, id: gone.id });
  }

  return { query, items, setIndex, restoring, current, total, item, notice, dismiss };
}
