import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { call, pathOf } from '../../api/client';
import { API } from '../../api/contract';

/** The seller's back office (issue 32): downloads and view counts. */
export const backofficeKeys = {
  all: ['backoffice'] as const,
  views: () => [...backofficeKeys.all, 'views'] as const,
};

/** Where each CSV is downloaded from: a plain link, so the browser streams it to disk itself. */
export const CSV_PATHS = {
  orders: pathOf(API.orders.ordersCsv),
  sales: pathOf(API.orders.salesCsv),
} as const;
export type CsvKind = keyof typeof CSV_PATHS;

/** Views of my products over the last 30 days, by product id (products without any are absent). */
export function useMyProductViews(enabled: boolean) {
  return useQuery({
    queryKey: backofficeKeys.views(),
    queryFn: async () => {
      const answer = await call(API.catalog.myViews);
      return new Map(answer.products.map((p) => [p.productId, p.views]));
    },
    enabled,
  });
}

/**
 * Counts a view of the product page once it shows (ADR 0041): its own small request after the
 * page's answer, so the product's kept answer stays the same for everyone. A failure is nobody's
 * business but the count's, so it is dropped.
 */
export function useCountView(productId: string | undefined) {
  useEffect(() => {
    if (!productId) return;
    call(API.catalog.view, { params: { id: productId } }).catch(() => undefined);
  }, [productId]);
}
