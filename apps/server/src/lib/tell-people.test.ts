import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../adapters/mail/index.js';
import type { DB } from '../db/schema.js';
import { tellPeople, type TellingDeps } from './tell-people.js';

describe('tellPeople', () => {
  it('rings each bell in its person’s language and mails, after the commit, only those with an address, each mail saying whose news it is', async () => {
    const rung: unknown[] = [];
    const mailed: MailMessage[] = [];
    const commits: Array<() => void> = [];
    const deps: TellingDeps = {
      accounts: {
        contactsOf: async (_runner, ids) =>
          [
            { id: 'amira', email: 'amira@example.com', username: 'amira', locale: 'ar' },
            { id: 'bob', email: 'bob@example.com', username: 'bob', locale: null },
          ].filter((c) => ids.includes(c.id)),
      },
      notifications: { notify: async (_trx, _onCommit, news) => void rung.push(...news) },
      mailLater: (onCommit, message) => onCommit(() => void mailed.push(message)),
    };
    const news = (userId: string) => ({
      userId,
      kind: 'offer_accepted' as const,
      subject: 'offer-1',
      link: '/offers',
      words: (locale: 'en' | 'ar') => ({ title: locale === 'ar' ? 'قُبل' : 'Accepted', body: locale }),
      mail: (c: { email: string }, locale: 'en' | 'ar') => ({ to: c.email, subject: locale, text: '', html: '' }),
    });
    await tellPeople(deps, {} as Transaction<DB>, (f) => void commits.push(f), [
      news('amira'),
      news('bob'),
      news('gone'),
    ]);
    expect(rung).toEqual([
      { userId: 'amira', kind: 'offer_accepted', subject: 'offer-1', link: '/offers', title: 'قُبل', body: 'ar' },
      { userId: 'bob', kind: 'offer_accepted', subject: 'offer-1', link: '/offers', title: 'Accepted', body: 'en' },
      { userId: 'gone', kind: 'offer_accepted', subject: 'offer-1', link: '/offers', title: 'Accepted', body: 'en' },
    ]);
    expect(mailed).toEqual([]);
    commits.forEach((f) => f());
    expect(mailed).toEqual([
      {
        to: 'amira@example.com',
        subject: 'ar',
        text: '',
        html: '',
        about: { userId: 'amira', kind: 'offer_accepted' },
      },
      { to: 'bob@example.com', subject: 'en', text: '', html: '', about: { userId: 'bob', kind: 'offer_accepted' } },
    ]);
  });

  it('reads only the contacts the caller did not already hold', async () => {
    const asked: string[][] = [];
    const mailed: MailMessage[] = [];
    const deps: TellingDeps = {
      accounts: {
        contactsOf: async (_runner, ids) => {
          asked.push(ids);
          return ids.map((id) => ({ id, email: `${id}@example.com`, username: id, locale: null }));
        },
      },
      notifications: { notify: async () => undefined },
      mailLater: (_onCommit, message) => void mailed.push(message),
    };
    const news = (userId: string) => ({
      userId,
      kind: 'offer_received' as const,
      subject: 'offer-1',
      link: '/offers',
      words: () => ({ title: 'Offer', body: '' }),
      mail: (c: { email: string }) => ({ to: c.email, subject: 'Offer', text: '', html: '' }),
    });
    const known = { id: 'amira', email: 'amira@souq.test', username: 'amira', locale: 'ar' };
    await tellPeople(deps, {} as Transaction<DB>, () => undefined, [news('amira')], [known]);
    expect(asked).toEqual([]);
    expect(mailed.map((m) => m.to)).toEqual(['amira@souq.test']);
    await tellPeople(deps, {} as Transaction<DB>, () => undefined, [news('amira'), news('bob')], [known]);
    expect(asked).toEqual([['bob']]);
  });
});
