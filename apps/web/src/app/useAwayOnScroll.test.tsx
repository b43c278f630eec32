import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAwayOnScroll } from './useAwayOnScroll';

let y = 0;
const scrollY = vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
const scrollTo = (to: number) =>
  act(() => {
    y = to;
    window.dispatchEvent(new Event('scroll'));
  });

describe('the header that gets out of the way', () => {
  afterEach(() => {
    y = 0;
    scrollY.mockClear();
  });

  it('does not read the scroll position when the page mounts (that would lay the page out inside hydration)', () => {
    renderHook(() => useAwayOnScroll());
    expect(scrollY).not.toHaveBeenCalled();
  });

  it('goes away while the reader scrolls down past the first screenful and comes back as soon as they scroll up', () => {
    const { result } = renderHook(() => useAwayOnScroll(240));
    scrollTo(0);
    scrollTo(100);
    expect(result.current).toBe(false);
    scrollTo(300);
    expect(result.current).toBe(true);
    scrollTo(305);
    expect(result.current).toBe(true);
    scrollTo(250);
    expect(result.current).toBe(false);
  });

  it('takes the first scroll of a page opened part-way down as its starting point, not as a direction', () => {
    const { result } = renderHook(() => useAwayOnScroll(240));
    scrollTo(2000);
    expect(result.current).toBe(false);
    scrollTo(1980);
    expect(result.current).toBe(false);
    scrollTo(2100);
    expect(result.current).toBe(true);
  });
});
