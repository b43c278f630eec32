import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../api/client';
import { call } from '../../api/client';
import { API } from '../../api/contract';

export const deliveryKeys = {
  all: ['delivery'] as const,
  mine: () => [...deliveryKeys.all, 'mine'] as const,
  cod: () => [...deliveryKeys.all, 'cod'] as const,
  stats: () => [...deliveryKeys.all, 'stats'] as const,
  queue: () => [...deliveryKeys.all, 'queue'] as const,
};

/** My lines with delivery attempts, as buyer and as seller (My Account's orders and sales). */
export const useMyDeliveries = (enabled: boolean) =>
  useQuery({ queryKey: deliveryKeys.mine(), queryFn: () => call(API.delivery.mine), enabled });
/** Whether I may check out with cash on delivery now (checkout says why not before the form). */
export const useCodStanding = () =>
  useQuery({ queryKey: deliveryKeys.cod(), queryFn: () => call(API.delivery.codStanding) });
export const useDeliveryStats = () =>
  useQuery({ queryKey: deliveryKeys.stats(), queryFn: () => call(API.delivery.stats) });
export const useCodQueue = () => useQuery({ queryKey: deliveryKeys.queue(), queryFn: () => call(API.delivery.queue) });

/** Any change at the door: the lines, and the orders and sales that show their status, are read again. */
function useDeliveryChange<I>(change: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: deliveryKeys.all });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useRecordAttempt = (lineId: string) =>
  useDeliveryChange((body: BodyOf<typeof API.delivery.record>) =>
    call(API.delivery.record, { params: { id: lineId }, body }),
  );
export const useCancelFailed = (lineId: string) =>
  useDeliveryChange(() => call(API.delivery.cancelFailed, { params: { id: lineId } }));
export const useReply = (attemptId: string) =>
  useDeliveryChange((body: BodyOf<typeof API.delivery.reply>) =>
    call(API.delivery.reply, { params: { id: attemptId }, body }),
  );
export const useDispute = (attemptId: string) =>
  useDeliveryChange((body: BodyOf<typeof API.delivery.dispute>) =>
    call(API.delivery.dispute, { params: { id: attemptId }, body }),
  );
export const useDecideRefusal = () =>
  useDeliveryChange(({ id, body }: { id: string; body: BodyOf<typeof API.delivery.decide> }) =>
    call(API.delivery.decide, { params: { id }, body }),
  );
export const useLiftCod = () =>
  useDeliveryChange(({ id, body }: { id: string; body: BodyOf<typeof API.delivery.lift> }) =>
    call(API.delivery.lift, { params: { id }, body }),
  );
