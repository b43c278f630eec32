import type { Browser, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { openPage, signInContext, type RunningServer, type TrackedPage } from '../support/harness.js';

export const PASSWORD = 'souq-spec-pass';

export interface Person {
  id: string;
  username: string;
  email: string;
  token: string;
}

/** A person the spec names, made on the server (verified unless told), with a session to sign a page in with. */
export async function person(server: RunningServer, username: string, verified = true): Promise<Person> {
  const email = `${username}@example.com`;
  const row = await server.accounts.createAccountDirectly({
    email,
    username,
    phone: '0501234567',
    password: PASSWORD,
    verified,
  });
  return { id: row.id, username, email, token: (await server.accounts.createSession(row.id)).token };
}

/**
 * Pages of one suite, signed in as a person or a visitor's (null), each with its console errors
 * tracked; all closed after the suite. `errors()` lists what any page logged.
 */
export function journeyPages(browser: () => Browser) {
  const pages: TrackedPage[] = [];
  afterAll(async () => {
    for (const tracked of pages.splice(0)) await tracked.context.close().catch(() => undefined);
  });
  return {
    async open(server: RunningServer, who: Person | null, viewport?: { width: number; height: number }): Promise<Page> {
      const tracked = await openPage(browser(), server.url, viewport, { serviceWorker: true });
      pages.push(tracked);
      if (who) await signInContext(tracked.context, server.url, who.token);
      return tracked.page;
    },
    errors: (): string[] => pages.flatMap((p) => p.errors),
  };
}

export const pathOf = (page: Page) => page.evaluate(() => location.pathname + location.search);
