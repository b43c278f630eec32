import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductSummary } from '@souq/shared';
import { renderInLocale } from '../test-support/i18n';
import { ProductCard } from './ProductCard';

const kettle: ProductSummary = {
  id: 'p1',
  title: 'Electric kettle',
  titleAr: 'غلاية كهربائية',
  category: 'Appliances',
  price: 9900,
  previousPrice: null,
  rating: 0,
  reviewCount: 0,
  likeCount: 0,
  image: { url: '/a.webp', thumb: '/a-thumb.webp' },
  ownerId: 'u1',
  isAuction: false,
  auctionId: null,
  createdAt: '2026-11-27T00:00:00.000Z',
};

describe('a product card', () => {
  afterEach(cleanup);
  it("shows the seller's Arabic title to an Arabic reader and the main title otherwise", () => {
    const { unmount } = renderInLocale(
      <MemoryRouter>
        <ProductCard product={kettle} />
      </MemoryRouter>,
      { locale: 'ar' },
    );
    expect(screen.getByRole('heading', { name: 'غلاية كهربائية' })).toBeTruthy();
    expect(screen.getByText('99.00 د.إ')).toBeTruthy();
    unmount();
    renderInLocale(
      <MemoryRouter>
        <ProductCard product={kettle} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Electric kettle' })).toBeTruthy();
  });

  it('keeps the main title in Arabic when the seller gave no Arabic one', () => {
    renderInLocale(
      <MemoryRouter>
        <ProductCard product={{ ...kettle, titleAr: null }} />
      </MemoryRouter>,
      { locale: 'ar' },
    );
    expect(screen.getByRole('heading', { name: 'Electric kettle' })).toBeTruthy();
  });
});
