import { cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CATEGORIES, PRODUCT_SORTS, type Locale } from '@souq/shared';
import { inLocale, renderInLocale } from '../test-support/i18n';
import { useCategoryName, useSortOptions } from './category-names';
import { Money } from './Money';
import { RichText } from './RichText';

const inPage = (locale: Locale) => ({
  wrapper: ({ children }: { children: React.ReactNode }) => inLocale(children, locale),
});

describe('names and prices in the page’s language', () => {
  afterEach(cleanup);

  it('names every category and sort in English exactly as shared says them', () => {
    const names = renderHook(() => useCategoryName(), inPage('en')).result.current;
    expect(CATEGORIES.map(names)).toEqual([...CATEGORIES]);
    const sorts = renderHook(() => useSortOptions(), inPage('en')).result.current;
    expect(Object.fromEntries(sorts.map((s) => [s.value, s.label]))).toEqual(PRODUCT_SORTS);
  });

  it('names them in Arabic, and leaves what is not a category as it is', () => {
    const names = renderHook(() => useCategoryName(), inPage('ar')).result.current;
    expect(names('Mobiles')).toBe('الهواتف المحمولة');
    expect(names("Men's")).toBe('الرجال');
    expect(names('Antiques')).toBe('Antiques');
    expect(new Set(CATEGORIES.map(names)).size).toBe(CATEGORIES.length);
    const sorts = renderHook(() => useSortOptions(), inPage('ar')).result.current;
    expect(sorts.find((s) => s.value === 'popular')?.label).toBe('الأكثر رواجًا');
  });

  it('shows a price isolated, AED first in English and د.إ after the amount in Arabic', () => {
    renderInLocale(<Money fils={126000} className="price" />);
    expect(screen.getByText('AED 1,260.00').tagName).toBe('BDI');
    cleanup();
    renderInLocale(<Money fils={126000} />, { locale: 'ar' });
    screen.getByText('1,260.00 د.إ');
  });

  it('puts page parts where each language’s sentence has them', () => {
    const { container } = renderInLocale(
      <p>
        <RichText
          id="orders.placed.summary"
          values={{ emirate: 'Dubai' }}
          parts={{ id: <strong>AB12CD34</strong>, total: <Money fils={10500} />, area: <bdi>Al Barsha</bdi> }}
        />
      </p>,
    );
    expect(container.textContent).toBe('Order AB12CD34 · Total AED 105.00 · Cash on delivery to Al Barsha, Dubai.');
    expect(container.querySelector('strong')?.textContent).toBe('AB12CD34');
  });
});
