import { useEffect } from 'react';

const ASK_EVERY_MS = 3000;

/**
 * The countdown reached zero but the server's close has not arrived. It normally comes by socket
 * within a second; should the socket be down, ask over HTTP until it is known.
 */
export function useAwaitClose(closing: boolean, reread: () => void): void {
  useEffect(() => {
    if (!closing) return;
    const timer = setInterval(reread, ASK_EVERY_MS);
    return () => clearInterval(timer);
  }, [closing, reread]);
}
