import { cleanup, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { OrderList } from './OrderList';

const line = (over: Partial<Order['lines'][number]> = {}): Order['lines'][number] => ({
  id: 'l1',
  sellerId: 's1',
  productId: 'p1',
  title: 'Falcon watch',
  image: '',
  unitPrice: 1_260_00,
  quantity: 1,
  lineTotal: 1_260_00,
  status: 'placed',
  statusAt: null,
  shipBy: null,
  late: false,
  auctionId: null,
  clip: null,
  ...over,
});
const order: Order = {
  id: 'o1234567-0000',
  status: 'placed',
  paymentMethod: 'cash_on_delivery',
  address: {
    emirate: 'dubai',
    area: 'Marina',
    street: '1',
    building: '',
    flat: '',
    landmark: '',
    phone: '0500000000',
    location: null,
    makani: null,
  },
  createdAt: '2026-11-22T10:00:00.000Z',
  auctionId: null,
  completeBy: null,
  cancelReason: null,
  cancelAsked: false,
  documents: [
    {
      id: 'd1',
      number: 'INV-3F2A9C1B-000042',
      kind: 'tax_invoice',
      sellerId: 's1',
      issuedAt: '2026-11-22T10:00:00.000Z',
      total: 1_333_50,
      credits: null,
    },
  ],
  lines: [
    line({ clip: { url: '/clips/c1.webm', durationMs: 18_000, mimeType: 'video/webm' } }),
    line({ productId: 'p2', title: 'Oud perfume' }),
  ],
  subtotal: 1_270_00,
  vat: 63_50,
  total: 1_333_50,
};

function render(locale: 'en' | 'ar' = 'en') {
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <OrderList orders={[order]} loading={false} />
      </MemoryRouter>
    </QueryClientProvider>,
    { locale },
  );
}

describe('an order with a live show’s sale', () => {
  afterEach(cleanup);

  it('plays the clip of the moment it was won on that line only, loading only its metadata', () => {
    render();
    const clips = screen.getAllByTestId('order-clip');
    expect(clips).toHaveLength(1);
    expect(clips[0]!.textContent).toBe('Watch the moment you won');
    const video = clips[0]!.querySelector('video')!;
    expect(video.controls).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.querySelector('source')!.getAttribute('src')).toBe('/clips/c1.webm');
  });

  it('in Arabic', () => {
    render('ar');
    expect(screen.getByTestId('order-clip').textContent).toBe('شاهد لحظة فوزك');
  });
});

describe('an order’s invoices (issue 32)', () => {
  afterEach(cleanup);

  it('links each document to its PDF as a download, named by kind and number, in either language', () => {
    render();
    const link = screen.getByTestId('invoice-tax_invoice');
    expect(link.textContent).toBe('Tax invoice INV-3F2A9C1B-000042');
    expect(link.getAttribute('href')).toBe('/api/invoices/d1/pdf');
    expect(link.hasAttribute('download')).toBe(true);
    cleanup();
    render('ar');
    expect(screen.getByTestId('invoice-tax_invoice').textContent).toBe('فاتورة ضريبية INV-3F2A9C1B-000042');
  });
});
