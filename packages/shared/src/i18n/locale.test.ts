import { describe, expect, it } from 'vitest';
import { cookieValue, localeFromAcceptLanguage, pickLocale } from './locale.js';

describe('choosing the language', () => {
  it('serves Arabic to a browser that prefers it, English otherwise', () => {
    expect(localeFromAcceptLanguage('ar-AE,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,ar;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR,ar;q=0.5')).toBe('ar');
    expect(localeFromAcceptLanguage('fr-FR,de')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('en;q=0.4, ar-SA;q=0.7')).toBe('ar');
    expect(localeFromAcceptLanguage('ar;q=0, en')).toBe('en');
  });

  it('keeps a choice made on this device over what the browser prefers', () => {
    expect(pickLocale('a=1; souq_lang=en', 'ar')).toBe('en');
    expect(pickLocale('souq_lang=ar', 'en-US')).toBe('ar');
    expect(pickLocale('souq_lang=fr', 'ar')).toBe('ar');
    expect(cookieValue('x=1;y=2', 'y')).toBe('2');
  });
});
