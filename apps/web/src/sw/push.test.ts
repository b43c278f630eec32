import { describe, expect, it, vi } from 'vitest';
import { linkOnSite, notificationOptions, openLink, readPush } from './push';

const payload = (value: unknown) => ({ json: () => value });
const origin = 'https://souq.example';

describe('a push message', () => {
  it('becomes a notification with its words, language, direction, icons and link', () => {
    const message = readPush(
      payload({
        title: 'تمت المزايدة عليك',
        body: 'Rolex',
        link: '/auction/a1',
        tag: 'outbid:a1',
        lang: 'ar',
        dir: 'rtl',
      }),
    );
    expect(message.title).toBe('تمت المزايدة عليك');
    expect(notificationOptions(message)).toEqual({
      body: 'Rolex',
      tag: 'outbid:a1',
      lang: 'ar',
      dir: 'rtl',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { link: '/auction/a1' },
    });
  });

  it('still shows a notification from Souq when the payload is missing or malformed', () => {
    for (const data of [null, payload(null), payload('text'), { json: () => JSON.parse('{') }])
      expect(readPush(data)).toEqual({ title: 'Souq', body: '', link: '/' });
    expect(readPush(payload({ title: 'Hi', lang: 'fr', dir: 'up' }))).toEqual({ title: 'Hi', body: '', link: '/' });
  });

  it('never links off the site', () => {
    for (const link of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', ''])
      expect(linkOnSite(link), link).toBe('/');
    expect(linkOnSite('/auction/a1?from=push')).toBe('/auction/a1?from=push');
  });
});

const client = (url: string) => ({
  url,
  focus: vi.fn(async () => undefined),
  navigate: vi.fn(async (to: string) => ({ url: to })),
});

describe('a tap on a notification', () => {
  it('brings the window already on that page forward, and leaves it there', async () => {
    const there = client(`${origin}/auction/a1`);
    const other = client(`${origin}/`);
    const openWindow = vi.fn();
    await openLink({ matchAll: async () => [other, there], openWindow }, '/auction/a1', origin);
    expect(there.focus).toHaveBeenCalled();
    expect(there.navigate).not.toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('takes the last used Souq window to the page, even where the browser refuses it focus', async () => {
    const last = client(`${origin}/product/p1`);
    last.focus.mockRejectedValueOnce(new Error('Not allowed to focus a window.'));
    const openWindow = vi.fn();
    await openLink({ matchAll: async () => [last, client(`${origin}/`)], openWindow }, '/auction/a1', origin);
    expect(last.navigate).toHaveBeenCalledWith(`${origin}/auction/a1`);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a window at the page when none is open, or when the open one cannot be sent there', async () => {
    const openWindow = vi.fn(async () => null);
    await openLink({ matchAll: async () => [], openWindow }, '/auction/a1', origin);
    expect(openWindow).toHaveBeenCalledWith(`${origin}/auction/a1`);
    const uncontrolled = client(`${origin}/cart`);
    uncontrolled.navigate.mockRejectedValueOnce(new TypeError('not controlled'));
    await openLink({ matchAll: async () => [uncontrolled], openWindow }, '//evil.example', origin);
    expect(openWindow).toHaveBeenLastCalledWith(`${origin}/`);
  });
});
