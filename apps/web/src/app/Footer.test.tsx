import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLocale } from '../test-support/i18n';
import { Footer } from './Footer';

describe('the footer', () => {
  afterEach(cleanup);

  it('says what it said in English', () => {
    renderInLocale(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    screen.getByText('Buy, sell and bid across the Gulf. All prices in AED.');
    const year = new Date().getFullYear();
    screen.getByText(`© ${year} Souq. Prices exclude 5% VAT, which is added at checkout.`);
    expect(screen.getByRole('navigation', { name: 'Footer' }).textContent).toBe('ShopAuctionsLiveSettings');
  });

  it('speaks Arabic on an Arabic page', () => {
    renderInLocale(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
      { locale: 'ar' },
    );
    screen.getByText('بِع واشترِ وزايِد في أنحاء الخليج. جميع الأسعار بالدرهم الإماراتي.');
    screen.getByRole('link', { name: 'المتجر' });
    screen.getByRole('link', { name: 'الإعدادات' });
  });
});
