import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { API } from './contract';

/** The map style the server names (MAP_STYLE_URL), or null: asked once per visit, it does not change. */
export const useMapStyle = () =>
  useQuery({ queryKey: ['map-style'], queryFn: () => call(API.addresses.map), staleTime: Infinity });
