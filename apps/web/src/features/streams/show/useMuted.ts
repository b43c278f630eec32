import { useSecondsLeft } from '../../../components/useSecondsLeft';

const LONG_AGO = new Date(0).toISOString();

/** Whether a moderator's mute is still on, on the server's clock: chat and quick bids come back by themselves. */
export function useMuted(until: string | null | undefined): boolean {
  const left = useSecondsLeft(until ?? LONG_AGO);
  return until !== null && until !== undefined && (left ?? 1) > 0;
}
