import type { Page } from 'playwright-core';

/**
 * Latin words an Arabic page may show: the brand, the sign-in provider, file formats and the
 * program that opens a CSV (Arabic writes these in Latin letters too), and what the test itself
 * wrote (titles, the seller's description, brand and keywords, usernames, emails, the search).
 * Anything else in Latin letters is English left behind.
 */
export const BRANDS = ['Souq', 'Google', 'PDF', 'CSV', 'Excel'];

/**
 * Issue 29: English left on an Arabic page. Every text a person sees or a screen reader speaks
 * (text nodes, aria-label, alt, title, placeholder, the document's title), minus the allowed
 * strings, must hold no Latin word. Text inside an element marked `lang="en"` is English on
 * purpose (the language switch names English in English).
 */
export async function latinLeftovers(page: Page, allowed: string[]): Promise<string[]> {
  // Longest first, so an email goes before the username inside it.
  const longestFirst = [...allowed].sort((a, b) => b.length - a.length);
  return page.evaluate((allowed) => {
    const found = new Set<string>();
    const check = (text: string | null) => {
      if (!text) return;
      let rest = text;
      for (const word of allowed) rest = rest.split(word).join(' ');
      if (/[A-Za-z]{2,}/.test(rest)) found.add(text.trim().replace(/\s+/g, ' ').slice(0, 120));
    };
    const english = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? 'ar').startsWith('en');
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style, noscript, template') || english(el)) continue;
      // A closed list's options and an icon's <title> have no box of their own: their control's counts.
      if (!shown(el.closest('select, svg') ?? el)) continue;
      check(node.textContent);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [alt], [title], [placeholder]'))) {
      if (english(el) || !shown(el)) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) check(el.getAttribute(name));
    }
    check(document.title);
    return [...found];
  }, longestFirst);
}
