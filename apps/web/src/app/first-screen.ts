import type { QueryClient } from '@tanstack/react-query';
import type { PageLocation, PagePrefetch } from '../api/page-location';
import { prefetchShop } from '../features/catalog/api';
import { prefetchProductPage } from '../features/product/api';

/**
 * The pages a first visit most often lands on, whose data is asked for before the page's code
 * runs (issue 11): by the browser while the code loads, and by the server to render the page's
 * first screen into the HTML (entry-server.tsx, ADR 0025).
 */
const FIRST_SCREEN_PAGES: PagePrefetch[] = [prefetchShop, prefetchProductPage];

/** The page's early fetches; empty when the URL is none of those pages. */
export function prefetchFirstScreen(client: QueryClient, location: PageLocation): Promise<void>[] {
  return FIRST_SCREEN_PAGES.flatMap((prefetch) => prefetch(client, location) ?? []);
}
