import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLocale } from '../../test-support/i18n';
import { DownloadCsv } from './DownloadCsv';
import { ProductViews } from './ProductViews';

describe('the back office in My Account', () => {
  afterEach(cleanup);

  it('links "Download CSV" to each file as a download, in English and Arabic', () => {
    renderInLocale(
      <>
        <DownloadCsv kind="orders" />
        <DownloadCsv kind="sales" />
      </>,
      { locale: 'en' },
    );
    const [orders, sales] = screen.getAllByRole('link', { name: 'Download CSV' });
    expect(orders!.getAttribute('href')).toBe('/api/me/orders.csv');
    expect(sales!.getAttribute('href')).toBe('/api/me/sales.csv');
    expect(orders!.hasAttribute('download')).toBe(true);
    cleanup();

    renderInLocale(<DownloadCsv kind="sales" />, { locale: 'ar' });
    expect(screen.getByRole('link', { name: 'تنزيل ملف CSV' }).getAttribute('href')).toBe('/api/me/sales.csv');
  });

  it("shows a product's views over 30 days, 0 for one without any, and a dash until the counts arrive", () => {
    const views = new Map([['p1', 12]]);
    renderInLocale(
      <>
        <ProductViews views={views} productId="p1" />
        <ProductViews views={views} productId="p2" />
        <ProductViews views={undefined} productId="p1" />
      </>,
      { locale: 'en' },
    );
    expect(screen.getAllByTestId('product-views').map((p) => p.textContent)).toEqual([
      'Views (30 days): 12',
      'Views (30 days): 0',
      'Views (30 days): —',
    ]);
    cleanup();
    renderInLocale(<ProductViews views={new Map([['p1', 2]])} productId="p1" />, { locale: 'ar' });
    expect(screen.getByTestId('product-views').textContent).toBe('المشاهدات (30 يومًا): مشاهدتان');
  });
});
