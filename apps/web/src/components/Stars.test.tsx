import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLocale } from '../test-support/i18n';
import { clampRating, Stars } from './Stars';

describe('star rating display', () => {
  afterEach(cleanup);

  it('caps the display at 5 stars and never goes below 0', () => {
    expect(clampRating(7.2)).toBe(5);
    expect(clampRating(-1)).toBe(0);
    expect(clampRating(Number.NaN)).toBe(0);
    expect(clampRating(3.4)).toBe(3.4);
  });

  it('renders a rating above 5 as five full stars', () => {
    renderInLocale(<Stars value={12} />);
    const stars = screen.getByRole('img', { name: 'Rated 5 out of 5' });
    expect(stars.dataset.value).toBe('5');
    expect(screen.getByTestId('stars-fill').style.width).toBe('100%');
  });

  it('fills a fractional rating proportionally', () => {
    renderInLocale(<Stars value={4.3} />);
    screen.getByRole('img', { name: 'Rated 4.3 out of 5' });
    expect(parseFloat(screen.getByTestId('stars-fill').style.width)).toBeCloseTo(86);
  });

  it('says the rating in Arabic, with Western digits', () => {
    renderInLocale(<Stars value={4.3} />, { locale: 'ar' });
    screen.getByRole('img', { name: 'التقييم 4.3 من 5' });
  });
});
