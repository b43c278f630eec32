import { useSocketStatus } from '../api/socket';

/** Whether live updates are flowing: people trust a price more when they can see it is current. */
export function LiveStatus() {
  const status = useSocketStatus();
  if (status === 'idle') return null;
  return (
    <span className={`live-status live-status--${status}`} role="status" data-testid="live-status">
      <span className="live-status__dot" aria-hidden="true" />
      {status === 'connected' ? 'Live updates' : 'Reconnecting…'}
    </span>
  );
}
