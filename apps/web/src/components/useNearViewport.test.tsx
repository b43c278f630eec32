import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './useNearViewport';

function Probe({ margin }: { margin?: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>(margin);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

/** A stand-in IntersectionObserver whose reports the test sends. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly report: (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

describe('useNearViewport', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is far until the element comes within the margin of the screen, then near for good', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe margin="300px" />);
    const observer = FakeObserver.last!;
    expect(screen.getByText('far')).toBeTruthy();
    expect(observer.observed).toHaveLength(1);
    expect(observer.options.rootMargin).toBe('300px 0px');

    act(() => observer.report([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observer.report([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it('is near at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});
