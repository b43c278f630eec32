import { describe, expect, it } from 'vitest';
import { settlingOnClose, type Mailer } from './mailer.js';

describe('a mailer that settles on close', () => {
  it('closes only once the messages still being sent are sent, and passes their outcome through', async () => {
    const order: string[] = [];
    let finish!: () => void;
    const slow: Mailer = {
      kind: 'outbox',
      send: (message) =>
        message.subject === 'fails'
          ? Promise.reject(new Error('no route'))
          : new Promise<void>((resolve) => (finish = () => (order.push('sent'), resolve()))),
      close: async () => void order.push('closed'),
    };
    const mailer = settlingOnClose(slow);
    const message = { to: 'a@example.com', subject: 'Outbid', text: 'x', html: 'x' };
    const sent = mailer.send(message);
    await expect(mailer.send({ ...message, subject: 'fails' })).rejects.toThrow('no route');
    const closed = mailer.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    finish();
    await Promise.all([sent, closed]);
    expect(order).toEqual(['sent', 'closed']);
  });
});
