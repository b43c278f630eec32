import { useQuery } from '@tanstack/react-query';
import type { Order, Sale } from '@souq/shared';
import { api } from '../../api/client';

export const useMyOrders = (enabled: boolean) => useQuery({ queryKey: ['orders'], queryFn: () => api<Order[]>('/api/orders'), enabled });
export const useMySales = (enabled: boolean) => useQuery({ queryKey: ['sales'], queryFn: () => api<Sale[]>('/api/sales'), enabled });
