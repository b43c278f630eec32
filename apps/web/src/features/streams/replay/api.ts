import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { API } from '../../../api/contract';
import { streamKeys } from '../api';

/** A show's replay; none (404) while the show runs or is being joined, or after it was deleted. */
export function useReplay(id: string) {
  return useQuery({
    queryKey: [...streamKeys.detail(id), 'replay'],
    queryFn: ({ signal }) => call(API.streams.replay, { params: { id }, signal }),
    retry: false,
  });
}
