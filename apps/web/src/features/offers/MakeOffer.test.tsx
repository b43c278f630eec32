import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Offer, type OfferTermsView } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { MakeOffer } from './MakeOffer';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const PRODUCT = { id: '00000000-0000-4000-8000-000000000001', title: 'Brass dallah', price: 20_000 };
const TERMS: OfferTermsView = { allow: true, available: 1, mine: null };
const DECLINED: Offer = {
  id: '00000000-0000-4000-8000-000000000002',
  productId: PRODUCT.id,
  title: PRODUCT.title,
  image: null,
  listPrice: 20_000,
  amount: 15_000,
  counterAmount: null,
  status: 'declined',
  declined: 'below_floor',
  buyer: { id: 'b', username: 'khalid' },
  seller: { id: 's', username: 'amira' },
  createdAt: '2026-11-30T08:00:00.000Z',
  expiresAt: null,
  orderId: null,
};

function renderIn(ui: React.ReactNode, locale: 'en' | 'ar' = 'en') {
  renderInLocale(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
    { locale },
  );
}

/** Answers the terms' read with `terms`, and an offer with `made`. */
function server(terms: OfferTermsView, made: Offer = DECLINED) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (url) => json(String(url).endsWith('/offer-terms') ? terms : made, 201));
}
const posts = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('Make an offer (ADR 0053)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is not offered when the seller takes no offers', async () => {
    const fetch = server({ ...TERMS, allow: false, available: 0 });
    renderIn(<MakeOffer product={PRODUCT} allowed={() => true} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('make-offer')).toBeNull();
  });

  it('refuses an amount at or above the price before sending anything', async () => {
    const fetch = server(TERMS);
    renderIn(<MakeOffer product={PRODUCT} allowed={() => true} />);
    fireEvent.click(await screen.findByTestId('make-offer'));
    fireEvent.change(screen.getByLabelText('Your offer'), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('send-offer'));
    await screen.findByText(MSG.offerBelowPrice);
    expect(posts(fetch)).toEqual([]);
  });

  it('sends Arabic-Indic digits as fils, and says kindly when the offer is under the floor', async () => {
    const fetch = server(TERMS);
    renderIn(<MakeOffer product={PRODUCT} allowed={() => true} />);
    fireEvent.click(await screen.findByTestId('make-offer'));
    fireEvent.change(screen.getByLabelText('Your offer'), { target: { value: '١٥٠' } });
    fireEvent.click(screen.getByTestId('send-offer'));
    await screen.findByText(MSG.offerBelowFloor);
    const [sent] = posts(fetch);
    expect(JSON.parse(String((sent![1] as RequestInit).body))).toEqual({ amount: 15_000 });
    expect(screen.getByText('Offer a different amount')).toBeTruthy();
  });

  it('opens nothing while the gate says no', async () => {
    server(TERMS);
    renderIn(<MakeOffer product={PRODUCT} allowed={() => false} />);
    fireEvent.click(await screen.findByTestId('make-offer'));
    expect(screen.queryByTestId('offer-dialog')).toBeNull();
  });
});
