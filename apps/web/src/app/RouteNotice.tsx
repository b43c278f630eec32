import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n';

const unchanging = () => () => {};

/** What a page says when another sent the person here: "Your changes are saved.", "You must be logged in…" (a shared message, shown in the page's language). */
export interface NoticeState {
  notice?: string;
  tone?: 'ok' | 'error';
}

/**
 * The one place such words appear, at the top of the page, announced to screen readers. They
 * travel in the history entry's state, so a reload or a shared link does not repeat them.
 */
export function RouteNotice() {
  const entryState = useLocation().state as NoticeState | null;
  const { m } = useT();
  // A server-rendered page (ADR 0025) was rendered without the history entry, which only the
  // browser has: it hydrates without the notice, then shows it.
  const state = useSyncExternalStore(
    unchanging,
    () => entryState,
    () => null,
  );
  if (typeof state?.notice !== 'string') return null;
  const tone = state.tone === 'error' ? 'error' : 'ok';
  return (
    <p
      className={`notice notice--${tone} route-notice`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid="route-notice"
    >
      {m(state.notice)}
    </p>
  );
}
