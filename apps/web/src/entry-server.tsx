import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import type { CreateFirstScreenRenderer, Locale, MeResponse } from '@souq/shared';
import { AppContent } from './app/App';
import { prefetchFirstScreen } from './app/first-screen';
import { pageModules } from './app/routes';
import { answerRequestsWith } from './api/client';
import { createQueryClient } from './api/query-client';
import { sessionKey } from './api/keys';
import { createI18n } from './i18n';
import { sharedWords, type Catalog } from './i18n/catalogs';
import en from './i18n/catalogs/en';
import enRest from './i18n/catalogs/en-rest';
import { ARABIC } from '@souq/shared/i18n/ar';
import ar from './i18n/catalogs/ar';
import arRest from './i18n/catalogs/ar-rest';

/** The server renders in either language, so it holds both catalogs (the browser fetches only its own). */
const CATALOGS = { en: { ...en, ...enRest }, ar: { ...ar, ...arRest } } as unknown as Record<Locale, Catalog>;
// The server's render may show any message: all of them, not only a first screen's share.
sharedWords.ar = ARABIC;

/**
 * The server's render of a page's first screen (ADR 0025), built by Vite into dist-ssr/. Only
 * anonymous visits are rendered: the data is everyone's, so one in-process way to our API serves
 * every render, and no one's likes or name can end up in another's page.
 */
export const createFirstScreenRenderer: CreateFirstScreenRenderer = (load) => {
  answerRequestsWith(async (path) => {
    const { status, body } = await load(path);
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  });
  return async (url: string, locale: Locale) => {
    const location = new URL(url, 'http://souq.invalid');
    const queryClient = createQueryClient();
    // Rendered only for a request without a session cookie (spa.ts), so its visitor is signed
    // out: the page hydrates knowing it and asks /api/auth/me nothing while it starts.
    queryClient.setQueryData<MeResponse>(sessionKey, { user: null });
    const fetches = prefetchFirstScreen(queryClient, location);
    if (fetches.length === 0) return null;
    await Promise.all(fetches);
    // A page whose data failed (a product that does not exist) is left to the browser: the
    // browser would render it from data the server could not send.
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'success')
    )
      return null;
    const { prelude } = await prerender(
      <StrictMode>
        <StaticRouter location={`${location.pathname}${location.search}`}>
          <AppContent queryClient={queryClient} i18n={createI18n(locale, CATALOGS[locale])} />
        </StaticRouter>
      </StrictMode>,
      // Every boundary in place: React would otherwise send a large one (the product grid) after
      // the rest, revealed by an inline script our CSP refuses to run.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return {
      html: await new Response(prelude).text(),
      state: JSON.stringify(dehydrate(queryClient)),
      modules: pageModules(location.pathname),
    };
  };
};
