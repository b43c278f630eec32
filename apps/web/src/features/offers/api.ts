import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../api/client';
import { call } from '../../api/client';
import { API } from '../../api/contract';

export const offerKeys = {
  all: ['offers'] as const,
  mine: () => [...offerKeys.all, 'mine'] as const,
  terms: (productId: string) => [...offerKeys.all, 'terms', productId] as const,
};

/** Whether the product's seller takes offers (and, for the seller, their terms whole). */
export const useOfferTerms = (productId: string, enabled = true) =>
  useQuery({
    queryKey: offerKeys.terms(productId),
    queryFn: () => call(API.offers.terms, { params: { id: productId } }),
    enabled,
  });

/** My offers as buyer and as seller (the offers page). */
export const useMyOffers = () => useQuery({ queryKey: offerKeys.mine(), queryFn: () => call(API.offers.mine) });

/** Any step on an offer: the offers, the terms' counts, and the orders a checkout adds are read again. */
function useOfferChange<I, O>(change: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: offerKeys.all });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useSetOfferTerms = (productId: string) =>
  useOfferChange((body: BodyOf<typeof API.offers.setTerms>) =>
    call(API.offers.setTerms, { params: { id: productId }, body }),
  );
export const useMakeOffer = (productId: string) =>
  useOfferChange((amount: number) => call(API.offers.make, { params: { id: productId }, body: { amount } }));

export type OfferStep = 'accept' | 'decline' | 'withdraw';
export const useOfferStep = (offerId: string) =>
  useOfferChange((step: OfferStep) => call(API.offers[step], { params: { id: offerId } }));
export const useCounterOffer = (offerId: string) =>
  useOfferChange((amount: number) => call(API.offers.counter, { params: { id: offerId }, body: { amount } }));
export const useCheckoutOffer = (offerId: string) =>
  useOfferChange((body: BodyOf<typeof API.offers.checkout>) =>
    call(API.offers.checkout, { params: { id: offerId }, body }),
  );
