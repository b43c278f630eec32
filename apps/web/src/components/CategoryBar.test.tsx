import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@souq/shared';
import { renderInLocale } from '../test-support/i18n';
import { CategoryBar } from './CategoryBar';

const shown = () =>
  within(screen.getByTestId('category-list'))
    .getAllByRole('button')
    .map((b) => b.dataset.category);

const swipe = (from: number, to: number) => {
  const bar = screen.getByRole('navigation');
  fireEvent.touchStart(bar, { touches: [{ clientX: from }] });
  fireEvent.touchEnd(bar, { changedTouches: [{ clientX: to }] });
};

describe('category bar', () => {
  afterEach(cleanup);

  it('names itself and its arrows in English', () => {
    renderInLocale(<CategoryBar selected={null} onSelect={vi.fn()} />);
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous categories' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next categories' })).toBeTruthy();
  });

  it('names itself and its arrows in Arabic', () => {
    renderInLocale(<CategoryBar selected={null} onSelect={vi.fn()} />, { locale: 'ar' });
    expect(screen.getByRole('button', { name: 'الهواتف المحمولة' }).dataset.category).toBe('Mobiles');
    expect(screen.getByRole('navigation', { name: 'الفئات' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'الفئات السابقة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'الفئات التالية' })).toBeTruthy();
  });

  it('in English a swipe to the left shows the next categories', () => {
    renderInLocale(<CategoryBar selected={null} onSelect={vi.fn()} />);
    swipe(300, 100);
    expect(shown()).toEqual(CATEGORIES.slice(3, 8));
    swipe(100, 300);
    expect(shown()).toEqual(CATEGORIES.slice(0, 5));
  });

  it('in Arabic a swipe to the right shows the next categories, and the next arrow moves toward the end', () => {
    renderInLocale(<CategoryBar selected={null} onSelect={vi.fn()} />, { locale: 'ar' });
    expect(screen.getByRole('button', { name: 'الهواتف المحمولة' }).dataset.category).toBe('Mobiles');
    swipe(300, 100);
    expect(shown()).toEqual(CATEGORIES.slice(0, 5));
    swipe(100, 300);
    expect(shown()).toEqual(CATEGORIES.slice(3, 8));
    fireEvent.click(screen.getByRole('button', { name: 'الفئات التالية' }));
    expect(shown()).toEqual(CATEGORIES.slice(6, 11));
  });
});
