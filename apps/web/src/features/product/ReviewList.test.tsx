import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { productKeys } from '../../api/keys';
import { renderInLocale } from '../../test-support/i18n';
import { ReviewList } from './ReviewList';

function renderEmpty(invite: boolean) {
  const client = new QueryClient();
  client.setQueryData(productKeys.reviews('p1'), { pages: [{ items: [], nextCursor: null }], pageParams: [''] });
  renderInLocale(
    <QueryClientProvider client={client}>
      <ReviewList productId="p1" wanted count={0} invite={invite} />
    </QueryClientProvider>,
  );
}

describe('an empty review list', () => {
  afterEach(cleanup);

  it('invites a shopper to write the first review', () => {
    renderEmpty(true);
    expect(screen.getByText(MSG.noReviews)).toBeTruthy();
  });

  it('does not invite the seller, who may not review their own product', () => {
    renderEmpty(false);
    expect(screen.getByText(MSG.noReviewsYet)).toBeTruthy();
    expect(screen.queryByText(MSG.noReviews)).toBeNull();
  });
});
