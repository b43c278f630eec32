import { cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMIRATES, FULFILMENT_LABELS, FULFILMENT_STATUSES, PAYMENT_METHODS, type Locale } from '@souq/shared';
import { inLocale, renderInLocale } from '../../test-support/i18n';
import { FulfilmentBadge } from './FulfilmentBadge';
import { useEmirateName } from '../../components/address/emirates';
import { usePaymentMethodName } from './labels';

const inPage = (locale: Locale) => ({
  wrapper: ({ children }: { children: React.ReactNode }) => inLocale(children, locale),
});

describe('order words in the page’s language', () => {
  afterEach(cleanup);

  it('keeps the English of the emirates, statuses and payment exactly as shared has them', () => {
    const emirate = renderHook(() => useEmirateName(), inPage('en')).result.current;
    expect(EMIRATES.map(emirate)).toEqual([...EMIRATES]);
    expect(renderHook(() => usePaymentMethodName(), inPage('en')).result.current('cash_on_delivery')).toBe(
      PAYMENT_METHODS.cash_on_delivery,
    );
    for (const status of FULFILMENT_STATUSES) {
      renderInLocale(<FulfilmentBadge status={status} />);
      expect(screen.getByTestId('fulfilment-status').textContent).toBe(FULFILMENT_LABELS[status]);
      cleanup();
    }
  });

  it('names the seven emirates in Arabic', () => {
    const emirate = renderHook(() => useEmirateName(), inPage('ar')).result.current;
    expect(EMIRATES.map(emirate)).toEqual(['أبوظبي', 'دبي', 'الشارقة', 'عجمان', 'أم القيوين', 'رأس الخيمة', 'الفجيرة']);
    renderInLocale(<FulfilmentBadge status="shipped" />, { locale: 'ar' });
    expect(screen.getByTestId('fulfilment-status').textContent).toBe('تم الشحن');
  });
});
