import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FulfilmentChange } from '@souq/shared';
import { call, type BodyOf } from '../../api/client';
import { API } from '../../api/contract';

type Lines = BodyOf<typeof API.orders.quote>['lines'];

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  sales: () => [...orderKeys.all, 'sales'] as const,
  quote: (lines: Lines) => [...orderKeys.all, 'quote', lines] as const,
};

export const useMyOrders = (enabled: boolean) =>
  useQuery({ queryKey: orderKeys.mine(), queryFn: () => call(API.orders.mine), enabled });
export const useMySales = (enabled: boolean) =>
  useQuery({ queryKey: orderKeys.sales(), queryFn: () => call(API.orders.sales), enabled });

/** The cart priced by the server as it stands now (lines, VAT, total). */
export function useQuote(lines: Lines) {
  return useQuery({
    queryKey: orderKeys.quote(lines),
    queryFn: () => call(API.orders.quote, { body: { lines } }),
    enabled: lines.length > 0,
  });
}

/** Places the order; the same idempotency key (the checkout's, sent as its header) again answers the same order. */
export function usePlaceOrder(idempotencyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.orders.place>) =>
      call(API.orders.place, { body, headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: orderKeys.mine() }),
  });
}

/** A won auction's order gets its delivery address; my orders show it once the server has it. */
export function useCompleteAddress(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.orders.address>) =>
      call(API.orders.address, { params: { id: orderId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.mine() }),
  });
}

/** The seller moves their line on; the list is refreshed either way (a refusal means it changed elsewhere). */
export function useMoveSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: FulfilmentChange }) =>
      call(API.orders.moveSale, { params: { id }, body: change }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.sales() }),
  });
}

/** The winner asks the seller to cancel a won order (issue 31); the seller agrees or declines. */
export function useAskCancel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => call(API.wins.askCancel, { params: { id: orderId } }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.mine() }),
  });
}

/** The seller's answer to a buyer who asked to cancel: agree (cancelled, no strike) or decline. */
export function useAnswerCancel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, agree }: { lineId: string; agree: boolean }) =>
      call(API.wins.answerCancel, { params: { id: lineId }, body: { agree } }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.sales() }),
  });
}
