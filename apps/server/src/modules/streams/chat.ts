import crypto from 'node:crypto';
import {
  BidSchema,
  MAX_FILS,
  MSG,
  parseChatBid,
  formatAED,
  type BidInput,
  type BidResult,
  type ChatAck,
  type ChatMessage,
} from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { refuseIfSuspended } from '../../lib/suspension.js';
import { DomainError, parseInput } from '../../lib/errors.js';
import type { ShowAccess, StreamsDeps } from './show-deps.js';
import * as q from './queries.js';

/** Per person: five chat lines in five seconds, then one a second. */
const CHAT_BURST = 5;
const CHAT_PER_SECOND = 1;

/**
 * A chat line's id from who sent it, their own id for it and what it says: a resend is the same
 * message, and a reused client id with other words is another message, never a lost one. A bid is
 * named by its amount, so "950" and "AED 950" resent under one id are one bid.
 */
function messageId(streamId: string, userId: string, clientId: string, content: string): string {
  const h = crypto.createHash('sha256').update(`${streamId}|${userId}|${clientId}|${content}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The amount a chat bid put on the public bid list, which is all its line may show: the price it
 * set when it leads, its own amount when a rival's maximum answered it at once, and nothing when
 * the leader only raised their hidden maximum.
 */
function publicAmount(result: BidResult, typed: number): number | null {
  if (result.message === MSG.maxRaised) return null;
  return result.leading ? result.auction.currentBid : typed;
}

/** Per person, a token bucket: CHAT_BURST lines at once, then CHAT_PER_SECOND. */
function chatRate(clock: Clock) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (userId: string): boolean => {
    const now = clock.now().getTime();
    const bucket = buckets.get(userId) ?? { tokens: CHAT_BURST, at: now };
    bucket.tokens = Math.min(CHAT_BURST, bucket.tokens + ((now - bucket.at) / 1000) * CHAT_PER_SECOND);
    bucket.at = now;
    buckets.set(userId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}

/**
 * The show's chat: lines and chat bids (a line that is only a number bids on the lot on screen),
 * the rate limit, who may bid however they bid, and the host's and moderators' removals.
 */
export function createChat(deps: StreamsDeps & { access: ShowAccess }) {
  const { db, clock, media, ports } = deps;
  const { mustFind } = deps.access;
  const takeChatToken = chatRate(clock);

  const toMessage = (r: Awaited<ReturnType<typeof q.recentMessages>>[number]): ChatMessage => ({
    id: r.id,
    kind: r.kind,
    text: r.text,
    amount: r.amount,
    user: { id: r.user_id, username: r.username, profilePic: media.avatarUrl(r.avatar_key) },
    lotTitle: r.lot_title,
    createdAt: r.created_at,
  });

  /**
   * Stores a chat line once (a resend finds it stored) and shows it to the room; a hidden one
   * (a muted word) only to its sender, so nobody learns it was hidden.
   */
  async function post(
    streamId: string,
    message: ChatMessage,
    bid?: { leading: boolean; message: string },
    hidden = false,
  ): Promise<ChatAck> {
    const stored = await q.insertMessage(db, {
      id: message.id,
      stream_id: streamId,
      user_id: message.user.id,
      kind: message.kind,
      text: message.text,
      amount: message.amount,
      created_at: message.createdAt,
      deleted_at: null,
      hidden: hidden ? 1 : 0,
    });
    if (stored)
      deps.publish({ type: 'stream.message', streamId, message, ...(hidden ? { onlyFor: message.user.id } : {}) });
    return { ok: true, message, ...(bid ? { bid } : {}) };
  }

  return {
    toMessage,
    members: {
      /**
       * A chat line from a signed-in person, as the protocol's schema made it (trimmed, 1–500
       * characters). A line that is only a number is a bid, decided by the auction's bid engine
       * (verified email, not the host, stream live, at least one step up); a refused bid is not
       * posted, and the sender hears why. Anything else is chat.
       */
      async chat(user: UserRow, streamId: string, line: string, clientId: string): Promise<ChatAck> {
        // Suspended by staff (issue 31): no chatting, whatever the room.
        refuseIfSuspended(user, clock.iso());
        const row = await mustFind(streamId);
        if (row.status === 'scheduled') throw new DomainError('CONFLICT', MSG.showNotLiveYet);
        if (row.status !== 'live') throw new DomainError('CONFLICT', MSG.streamNotLive);
        if (await q.isBanned(db, streamId, user.id)) throw new DomainError('FORBIDDEN', MSG.removedFromStream);
        if (!takeChatToken(user.id)) throw new DomainError('RATE_LIMITED', MSG.chatRateLimited);
        // A muted sender is refused here; a line with a muted word is kept, for its sender's eyes only.
        const { hidden } = await deps.parts.chatCheck(user, row, line);
        const typed = parseChatBid(line);
        const sender = { id: user.id, username: user.username, profilePic: media.avatarUrl(user.avatar_key) };
        if (typed === null)
          return post(
            streamId,
            {
              id: messageId(streamId, user.id, clientId, `chat|${line}`),
              kind: 'chat',
              text: line,
              amount: null,
              user: sender,
              createdAt: clock.iso(),
            },
            undefined,
            hidden,
          );

        if (user.id === row.host_id) throw new DomainError('FORBIDDEN', MSG.hostCannotBid);
        if (!user.email_verified_at) throw new DomainError('EMAIL_NOT_VERIFIED', MSG.verificationRequired);
        // A number too long to be a price is still a bid, refused in the bid schema's own words.
        const amount = Number.isFinite(typed) ? typed : MAX_FILS + 1;
        // The line's number enters as a bid here, so it is parsed here, as the bid route's body is.
        let offer: BidInput;
        try {
          offer = parseInput(BidSchema, { amount });
        } catch (error) {
          deps.bidRefused('VALIDATION_FAILED');
          throw error;
        }
        const result = await ports.auctions.placeBid(user, row.auction_id, offer, clientId).catch((error: unknown) => {
          // The client id is the bid's Idempotency-Key: another amount under it is another message reusing it.
          throw error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_REUSED'
            ? new DomainError('CONFLICT', MSG.chatIdReused)
            : error;
        });
        const bid = { leading: result.leading, message: result.message };
        const shown = publicAmount(result, amount);
        const base = {
          id: messageId(streamId, user.id, clientId, `bid|${amount}`),
          kind: 'bid' as const,
          user: sender,
          createdAt: clock.iso(),
        };
        // A raised maximum is the bidder's secret: their own line says it, nobody else's chat does.
        if (shown === null) return { ok: true, message: { ...base, text: line, amount }, bid };
        return post(streamId, { ...base, text: shown === amount ? line : formatAED(shown), amount: shown }, bid);
      },
    },
  };
}
