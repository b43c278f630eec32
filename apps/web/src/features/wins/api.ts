import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { API } from '../../api/contract';

/** Unpaid wins' strikes (issue 31): a person's own, and staff's list of everyone's. */
export const strikeKeys = {
  all: ['strikes'] as const,
  mine: () => [...strikeKeys.all, 'mine'] as const,
  people: () => [...strikeKeys.all, 'people'] as const,
};

export const useMyStrikes = (enabled: boolean) =>
  useQuery({ queryKey: strikeKeys.mine(), queryFn: () => call(API.wins.myStrikes), enabled });

export const useStruckPeople = (enabled: boolean) =>
  useQuery({ queryKey: strikeKeys.people(), queryFn: () => call(API.wins.struckPeople), enabled });
