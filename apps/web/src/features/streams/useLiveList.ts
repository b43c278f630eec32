import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { watchStreamList } from '../../api/socket';
import { streamKeys } from './api';

/**
 * The list follows the streams live: any stream starting, ending or taking a bid makes it read
 * again (news come in bursts during bidding, so reads are spaced at least a second apart).
 */
export function useLiveList(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const reread = () => {
      if (timer) return;
      const wait = Math.max(0, last + 1_000 - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        void client.invalidateQueries({ queryKey: streamKeys.list() });
      }, wait);
    };
    const stop = watchStreamList({ onMessage: reread, onResync: (dropped) => dropped && reread() });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [client]);
}
