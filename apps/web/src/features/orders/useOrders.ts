import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FulfilmentChange, Order, Sale } from '@souq/shared';
import { api, post } from '../../api/client';

export const useMyOrders = (enabled: boolean) => useQuery({ queryKey: ['orders'], queryFn: () => api<Order[]>('/api/orders'), enabled });
export const useMySales = (enabled: boolean) => useQuery({ queryKey: ['sales'], queryFn: () => api<Sale[]>('/api/sales'), enabled });

/** The seller moves their line on; the list is refreshed either way (a refusal means it changed elsewhere). */
export function useMoveSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: FulfilmentChange }) => post<Sale>(`/api/sales/${id}/status`, change),
    onSettled: () => client.invalidateQueries({ queryKey: ['sales'] }),
  });
}
