import { useState } from 'react';
import type { ChatAck, ChatMessage } from '@souq/shared';
import { newIdempotencyKey } from '../../../api/bids';
import { requestSocket } from '../../../api/socket';
import { useT } from '../../../i18n';
import { bidLine } from './quick-bids';

interface Options {
  streamId: string;
  me: { id: string; verified: boolean } | null;
  onNeedVerify(): void;
  onSent(message: ChatMessage): void;
}

export type BidAnswer = { tone: 'ok' | 'info' | 'error'; text: string };

/** A quick bid, sent as the chat's bid line, and the server's answer to it; one at a time. */
export function useLotBid({ streamId, me, onNeedVerify, onSent }: Options) {
  const { t } = useT();
  const [answer, setAnswer] = useState<BidAnswer | null>(null);
  const [sending, setSending] = useState(false);

  async function bid(amount: number) {
    if (!me || sending) return;
    if (!me.verified) {
      onNeedVerify();
      setAnswer({ tone: 'error', text: t('show.lot.verifyToBid') });
      return;
    }
    setSending(true);
    const reply: ChatAck = await requestSocket('stream:chat', {
      streamId,
      text: bidLine(amount),
      clientId: newIdempotencyKey(),
    });
    setSending(false);
    if (reply.ok) {
      onSent(reply.message);
      setAnswer(reply.bid ? { tone: reply.bid.leading ? 'ok' : 'info', text: reply.bid.message } : null);
    } else {
      if (reply.code === 'EMAIL_NOT_VERIFIED') onNeedVerify();
      setAnswer({ tone: 'error', text: reply.message });
    }
  }

  return { answer, sending, bid };
}
