import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, type FeedItem, type Locale } from '@souq/shared';
import { ApiError } from '../../api/client';
import { hasServerTime, syncServerClock } from '../../api/server-clock';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { useT, type Translate } from '../../i18n';
import { itemKey, sendOpens, useFeedPages, useNotInterested } from './api';
import { decodeFeedCursor } from './cursor';
import { FeedCard, type FeedGates } from './FeedCard';
import { hideSellerFrom, keepHiddenSellers, readHiddenSellers, visibleItems, type HiddenSellers } from './hidden';
import { clampIndex, createWheelStepper, stepFromKey, stepFromSwipe, wheelPixels, type Step } from './navigation';
import { createOpensBatcher, type OpensBatcher } from './opens';

/** Fetch the next page this many items before the end, so the next item is always there. */
const PREFETCH_AHEAD = 3;
const MIN_STAGE_PX = 440;

function describe(item: FeedItem, t: Translate, locale: Locale): string {
  if (item.kind === 'product')
    return t('feed.describe.product', {
      title: item.product.title,
      price: formatMoney(item.product.price, locale),
      seller: item.seller.username,
    });
  const bid = item.auction.currentBid;
  return t(bid === null ? 'feed.describe.auctionStarting' : 'feed.describe.auctionCurrent', {
    title: item.auction.title,
    price: formatMoney(bid ?? item.auction.startingBid, locale),
    seller: item.auction.seller.username,
  });
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Room kept under the stage on small screens, so the floating cart badge covers no action. */
const BADGE_ROOM_PX = 76;
const SMALL_SCREEN = '(max-width: 760px)';

/** Keeps the stage (one item) as tall as the screen below the sticky header, as the page first shows it. */
function useStageHeight(stage: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const fit = () => {
      const el = stage.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const room = window.matchMedia?.(SMALL_SCREEN).matches ? BADGE_ROOM_PX : 16;
      el.style.setProperty('--feed-h', `${Math.max(MIN_STAGE_PX, Math.floor(window.innerHeight - top - room))}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [stage]);
}

/**
 * The For You feed: one full-screen item at a time. Wheel, arrow keys and a swipe over 50 px each
 * move exactly one item; CSS scroll snapping holds it in place. The URL keeps the position and the
 * session (?i=n&s=cursor), so coming back lands on the same item of the same feed.
 */
export function Feed({ gates }: { gates: FeedGates }) {
  const { t, m, locale } = useT();
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
  const hasItems = items.length > 0;

  const stage = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const placed = useRef(false);
  const refocus = useRef(false);
  const count = useRef(0);
  useLayoutEffect(() => {
    count.current = items.length;
  }, [items.length]);
  useStageHeight(stage);

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

  const go = useCallback((step: Step) => {
    if (!step) return;
    refocus.current = !!scroller.current?.contains(document.activeElement);
    setIndex((i) => clampIndex(clampIndex(i, count.current) + step, count.current));
  }, []);

  // The scroll position follows the index (instantly the first time, smoothly after).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || restoring || items.length === 0) return;
    const top = current * el.clientHeight;
    if (Math.abs(el.scrollTop - top) >= 2)
      el.scrollTo({ top, behavior: placed.current && !reducedMotion() ? 'smooth' : 'instant' });
    placed.current = true;
  }, [current, restoring, items.length]);

  // Keyboard users stay with the item they moved to.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    scroller.current?.querySelector<HTMLElement>('[data-current]')?.focus({ preventScroll: true });
  }, [current]);

  // Items other than the current one are inert, and the browser drops focus from an inert item to
  // <body> at a rendering step of its own choosing, sometimes after the effect above. While the
  // reader's focus belongs in the feed, put it back on the current item when that happens.
  const focusInFeed = useRef(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    // Checked once a frame, only while focus is in the feed.
    const watch = () => {
      frame = 0;
      if (!focusInFeed.current) return;
      if (document.activeElement === document.body && document.hasFocus())
        el.querySelector<HTMLElement>('[data-current]')?.focus({ preventScroll: true });
      frame = requestAnimationFrame(watch);
    };
    const onIn = () => {
      focusInFeed.current = true;
      if (!frame) frame = requestAnimationFrame(watch);
    };
    const onOut = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !el.contains(e.relatedTarget)) focusInFeed.current = false;
    };
    el.addEventListener('focusin', onIn);
    el.addEventListener('focusout', onOut);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('focusin', onIn);
      el.removeEventListener('focusout', onOut);
    };
  }, [hasItems]);

  // Wheel: one gesture, one item. Touch: a swipe over 50 px, one item. Native listeners, so the wheel can be stopped from scrolling on.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const wheel = createWheelStepper();
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
      e.preventDefault();
      go(wheel(wheelPixels(e.deltaY, e.deltaMode, el.clientHeight), e.timeStamp));
    };
    let start: { x: number; y: number } | null = null;
    const onTouchStart = (e: TouchEvent) => {
      const t = e.touches[0];
      start = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
    };
    const onTouchEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      if (start && t) go(stepFromSwipe(t.clientX - start.x, t.clientY - start.y));
      start = null;
    };
    // Anything that scrolls the list natively (a scrollbar drag, a screen reader) moves the index too.
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        if (el.clientHeight <= 0) return;
        // Items other than the current one are inert: focus on the one left behind would drop to
        // <body>, so it moves with the index, as it does for keys (a slow smooth scroll can pause
        // long enough to land here mid-way).
        refocus.current = el.contains(document.activeElement);
        setIndex((i) =>
          Math.round(el.scrollTop / el.clientHeight) === clampIndex(i, count.current)
            ? i
            : Math.round(el.scrollTop / el.clientHeight),
        );
      }, 150);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchend', onTouchEnd, { passive: true });
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(settle);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('scroll', onScroll);
    };
  }, [go, hasItems]);

  // Arrow and page keys, from anywhere in the feed or from the page itself (nothing focused).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (!target || target.closest('input, textarea, select, [contenteditable="true"], dialog')) return;
      if (target !== document.body && !stage.current?.contains(target)) return;
      const step = stepFromKey(e.key);
      if (!step) return;
      e.preventDefault();
      go(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  // Opens, batched: every few seconds, and when the page is hidden or left. A visitor's are not a signal, so not sent.
  const signedIn = gates.viewer !== 'anonymous';
  const batcher = useRef<OpensBatcher | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const b = createOpensBatcher(sendOpens);
    batcher.current = b;
    const leave = () => b.flush(true);
    const hide = () => {
      if (document.visibilityState === 'hidden') b.flush(true);
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hide);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hide);
      b.stop();
      batcher.current = null;
    };
  }, [signedIn]);
  useEffect(() => {
    if (item) batcher.current?.add({ kind: item.kind, id: item.id });
  }, [item]);

  function dismiss(gone: FeedItem) {
    const place = fetched.indexOf(gone);
    setHidden((prev) => {
      const next = hideSellerFrom(prev, gone, place < 0 ? fetched.length : place);
      keepHiddenSellers(sessionCursor, next);
      return next;
    });
    refocus.current = true;
    const [title, seller] =
      gone.kind === 'product'
        ? [gone.product.title, gone.seller.username]
        : [gone.auction.title, gone.auction.seller.username];
    setNotice(t('feed.removed', { title, seller }));
    notInterested.mutate({ kind: gone.kind, id: gone.id });
  }

  let body: React.ReactNode;
  if (query.isPending || (restoring && items.length === 0)) {
    body = (
      <div className="feed feed--loading" role="status" data-testid="feed-loading">
        <div className="feed-card feed-card--skeleton" aria-hidden="true">
          <Skeleton className="feed-photos" />
          <div className="feed-card__info">
            <Skeleton width="30%" height={14} />
            <Skeleton width="85%" height={26} />
            <Skeleton width="40%" height={30} />
            <Skeleton width="60%" height={40} />
            <Skeleton width="100%" height={44} />
          </div>
        </div>
        <p className="feed__loading">{t('feed.loading')}</p>
      </div>
    );
  } else if (query.isError && items.length === 0) {
    body = <ErrorState title={t('feed.error')} message={m(query.error.message)} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <EmptyState title={t('feed.empty')}>
        <p className="muted">{t('feed.emptyHint')}</p>
      </EmptyState>
    );
  } else {
    body = (
      <div ref={scroller} className="feed" tabIndex={0} aria-label={t('feed.label')} data-testid="feed">
        {items.map((it, k) => (
          <FeedCard
            key={itemKey(it)}
            item={it}
            position={k + 1}
            total={total}
            current={k === current}
            near={k >= current - 1 && k <= current + 2}
            gates={gates}
            onNotInterested={dismiss}
          />
        ))}
        {isFetchingNextPage && current >= items.length - 1 && <p className="feed__more">{t('feed.loading')}</p>}
      </div>
    );
  }

  return (
    <section className="feed-page" aria-labelledby="feed-heading">
      <div className="feed-page__head">
        <h1 id="feed-heading">{t('feed.title')}</h1>
        {item && (
          <p className="feed-page__counter" aria-hidden="true" data-testid="feed-counter" dir="ltr">
            {current + 1} / {total}
          </p>
        )}
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="feed-announcer">
        {item ? t('feed.announce', { position: current + 1, total, description: describe(item, t, locale) }) : ''}
      </p>
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>
      <div ref={stage} className="feed-page__stage">
        {body}
      </div>
    </section>
  );
}
