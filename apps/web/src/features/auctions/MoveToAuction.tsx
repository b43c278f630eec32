import { lazy, Suspense, type ComponentProps } from 'react';

const Dialog = lazy(() => import('./MoveToAuctionDialog').then((m) => ({ default: m.MoveToAuctionDialog })));

/**
 * The Move to Auction dialog, fetched when a seller first opens it: its form rules (and zod)
 * stay off the product and profile pages a buyer on a phone loads (issue 11).
 */
export function MoveToAuction(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
