import type { QueryClient } from '@tanstack/react-query';

/** The part of a URL a page's early fetch reads: window.location in the browser, the request's URL on the server. */
export type PageLocation = Pick<URL, 'pathname' | 'search'>;

/** A page's data asked for before its code runs; undefined when the URL is not that page. */
export type PagePrefetch = (client: QueryClient, location: PageLocation) => Promise<void> | undefined;
