import { describe, expect, it } from 'vitest';
import { offlineLanguage, offlinePage } from './offline';

const cookies = (value?: string) => ({ get: async () => (value === undefined ? null : { value }) });

describe('the language of the offline page', () => {
  it("is the one chosen with the header's switch, whatever the browser prefers", async () => {
    expect(await offlineLanguage({ cookieStore: cookies('ar'), navigator: { languages: ['en-GB'] } })).toBe('ar');
    expect(await offlineLanguage({ cookieStore: cookies('en'), navigator: { languages: ['ar-AE'] } })).toBe('en');
  });

  it("is the browser's first language of ours without a choice, or where the cookie store is missing or fails", async () => {
    expect(await offlineLanguage({ cookieStore: cookies(), navigator: { languages: ['ar-AE', 'en'] } })).toBe('ar');
    expect(await offlineLanguage({ navigator: { languages: ['fr-FR', 'ar'] } })).toBe('ar');
    const failing = { get: () => Promise.reject(new Error('no cookies here')) };
    expect(await offlineLanguage({ cookieStore: failing, navigator: { languages: ['de'] } })).toBe('en');
  });

  it('is one page per language', () => {
    expect(offlinePage('ar')).toBe('/offline.ar.html');
    expect(offlinePage('en')).toBe('/offline.en.html');
  });
});
