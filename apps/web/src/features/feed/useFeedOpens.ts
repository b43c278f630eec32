import { useEffect, useRef } from 'react';
import type { FeedItem } from '@souq/shared';
import { sendOpens } from './api';
import { createOpensBatcher, type OpensBatcher } from './opens';

/**
 * Opens, batched: every few seconds, and when the page is hidden or left. A visitor's are not a
 * signal, so not sent.
 */
export function useFeedOpens(signedIn: boolean, item: FeedItem | undefined) {
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
}
