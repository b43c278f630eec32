import type { Locale } from './i18n/locale.js';
/**
 * The contract between the server and the web app's server-side render of a page's first screen
 * (ADR 0025). The server answers the page with the rendered HTML in place of index.html's static
 * shell and the data it was rendered from, so the browser paints the products before the app's code
 * arrives and then hydrates with no second fetch.
 */

/** index.html marks its static shell with these, for the server to put a rendered screen in its place. */
export const FIRST_SCREEN_START = '<!--first-screen-->';
export const FIRST_SCREEN_END = '<!--/first-screen-->';
/** The id of the JSON script carrying the query data the screen was rendered from. */
export const FIRST_SCREEN_STATE_ID = 'souq-first-screen';

/** A GET of our own API, answered in-process; only ever anonymous (ADR 0025). */
export type FirstScreenLoad = (path: string) => Promise<{ status: number; body: string }>;

export interface FirstScreen {
  html: string;
  /** Dehydrated query data, as JSON. */
  state: string;
  /**
   * The source files of the page's own code (`src/routes/ProductPage.tsx`), as the build's manifest
   * keys them: the server names their chunks in the page for the browser to fetch with the entry.
   */
  modules: string[];
}

/** null: this page has no first screen worth rendering on the server, or its data could not be read. */
export type RenderFirstScreen = (url: string, locale: Locale) => Promise<FirstScreen | null>;

/** What the web app's server bundle exports: `createFirstScreenRenderer(load)`. */
export type CreateFirstScreenRenderer = (load: FirstScreenLoad) => RenderFirstScreen;

/** JSON inside a script element: `<` escaped so no string in it can close the element. */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
