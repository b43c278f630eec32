import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  CHAT_MAX,
  formatMoney,
  MSG,
  parseAmountToFils,
  parseChatBid,
  type ChatMessage,
  type UserBrief,
} from '@souq/shared';
import { newIdempotencyKey } from '../../api/bids';
import { requestSocket } from '../../api/socket';
import { formatGulfClock } from '../../components/dates';
import { useMuted } from './show/useMuted';
import { RemoveViewerDialog } from './RemoveViewerDialog';
import { useT } from '../../i18n';
import { richT } from '../../i18n';
import { IconButton, TRASH_ICON } from './IconButton';
import { PersonName } from '../../components/PersonName';

/** A speech bubble crossed out: mute. */
const MUTE_ICON =
  'M4 4h16v12H7l-3 3V4zm2 2v8.2L6.2 14H18V6H6zm2.3 1.3 1.4-1.4L12 8.2l2.3-2.3 1.4 1.4L13.4 9.6l2.3 2.3-1.4 1.4L12 11l-2.3 2.3-1.4-1.4 2.3-2.3-2.3-2.3z';
/** A no-entry sign: remove from the show. */
const REMOVE_ICON =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 0 1 6.3 12.9L7.1 5.7A8 8 0 0 1 12 4zM4 12c0-1.8.6-3.5 1.7-4.9l11.2 11.2A8 8 0 0 1 4 12z';

export interface Moderation {
  onDelete(message: ChatMessage): void;
  onRemove(user: UserBrief): Promise<void>;
  /** The host's and moderators' 5-minute mute (shows); without it, no mute button. */
  onMute?(user: UserBrief): Promise<void>;
}

interface Props {
  streamId: string;
  messages: ChatMessage[];
  hostId: string;
  /** The form: only for someone signed in, and only while the stream is live. */
  form: {
    verified: boolean;
    isHost: boolean;
    onNeedVerify(): void;
    onSent(message: ChatMessage): void;
    /** A moderator muted this person until then: the input waits, saying why. */
    mutedUntil?: string | null;
  } | null;
  moderation?: Moderation;
  /** Shown instead of the form (why one cannot chat). */
  note?: ReactNode;
  /** What the page offers on someone else's chat line (Report, for signed-in viewers). */
  lineActions?: (message: ChatMessage) => ReactNode;
}

type Answer = { tone: 'ok' | 'info' | 'error'; text: string };

/** bidAtLeast's words from the server, which name the minimum in AED. */
const AT_LEAST = /^Bid amount must be higher than current bid\. Bid at least AED ([\d,.]+)\.$/;

/** The live chat: everyone's lines with bids set apart, and (signed in, while live) the form. */
export function ChatPanel({ streamId, messages, hostId, form, moderation, note, lineActions }: Props) {
  const { t, m: mm, locale } = useT();
  const list = useRef<HTMLOListElement>(null);
  const stuck = useRef(true);
  const [removing, setRemoving] = useState<UserBrief | null>(null);
  const [modAnswer, setModAnswer] = useState<Answer | null>(null);
  const titleId = useId();

  // Follow the newest line, unless the person scrolled up to read.
  useLayoutEffect(() => {
    const el = list.current;
    if (el && stuck.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  return (
    <section className="chat card" aria-labelledby={titleId} data-testid="chat">
      <h2 id={titleId}>{t('live.chat.title')}</h2>
      <ol
        ref={list}
        className="chat__list"
        aria-live="polite"
        aria-relevant="additions"
        tabIndex={0}
        aria-label={t('live.chat.messages')}
        onScroll={(e) => {
          const el = e.currentTarget;
          stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {messages.length === 0 && <li className="chat__empty muted">{t('live.chat.empty')}</li>}
        {messages.map((m) => {
          const show = m.kind === 'sold' || m.kind === 'passed';
          return (
            <li
              key={m.id}
              className={`chat__msg${m.kind === 'bid' ? ' chat__msg--bid' : show ? ` chat__msg--${m.kind}` : ''}`}
              data-testid={m.kind === 'bid' ? 'chat-bid' : show ? `chat-${m.kind}` : 'chat-message'}
            >
              <div className="chat__text">
                {show ? (
                  <ShowLine message={m} />
                ) : (
                  <>
                    <span className="chat__user">
                      <PersonName username={m.user.username} />
                      {m.user.id === hostId && (
                        <span className="pill pill--small chat__host">{t('live.chat.host')}</span>
                      )}
                    </span>
                    {m.kind === 'bid' && m.amount !== null ? (
                      <span className="chat__bid">
                        {richT(t, 'live.chat.bid', {
                          amount: (
                            <strong>
                              <bdi>{formatMoney(m.amount, locale)}</bdi>
                            </strong>
                          ),
                        })}
                      </span>
                    ) : (
                      <span className="chat__body">{m.text}</span>
                    )}
                  </>
                )}
              </div>
              {lineActions && m.kind === 'chat' && <div className="chat__tools">{lineActions(m)}</div>}
              {moderation && !show && (
                <div className="chat__tools">
                  <IconButton
                    label={t('live.chat.delete', { user: m.user.username })}
                    onClick={() => moderation.onDelete(m)}
                    icon={TRASH_ICON}
                  />
                  {m.user.id !== hostId && moderation.onMute && (
                    <IconButton
                      label={t('live.chat.mute', { user: m.user.username })}
                      onClick={() => {
                        const user = m.user;
                        moderation.onMute!(user).then(
                          () => setModAnswer({ tone: 'ok', text: t('live.chat.muted', { user: user.username }) }),
                          (e: unknown) => setModAnswer({ tone: 'error', text: (e as Error).message }),
                        );
                      }}
                      icon={MUTE_ICON}
                    />
                  )}
                  {m.user.id !== hostId && (
                    <IconButton
                      label={t('live.chat.remove', { user: m.user.username })}
                      onClick={() => setRemoving(m.user)}
                      icon={REMOVE_ICON}
                    />
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {modAnswer && (
        <p
          className={`chat__answer chat__answer--${modAnswer.tone}`}
          role={modAnswer.tone === 'error' ? 'alert' : 'status'}
          data-testid="moderation-answer"
        >
          {modAnswer.tone === 'error' ? mm(modAnswer.text) : modAnswer.text}
        </p>
      )}
      {form ? <ChatForm streamId={streamId} {...form} /> : note}
      {removing && moderation && (
        <RemoveViewerDialog user={removing} onRemove={moderation.onRemove} onClose={() => setRemoving(null)} />
      )}
    </section>
  );
}

/** A lot's close, in the reader's language from its parts (the stored text is the English line). */
function ShowLine({ message }: { message: ChatMessage }) {
  const { t, locale } = useT();
  const title = <bdi>{message.lotTitle ?? ''}</bdi>;
  return (
    <span className="chat__show">
      {message.kind === 'sold' && message.amount !== null
        ? richT(t, 'live.chat.sold', {
            user: (
              <strong>
                <PersonName username={message.user.username} />
              </strong>
            ),
            amount: (
              <strong>
                <bdi>{formatMoney(message.amount, locale)}</bdi>
              </strong>
            ),
            title,
          })
        : richT(t, 'live.chat.passed', { title })}
    </span>
  );
}

function ChatForm({
  streamId,
  verified,
  isHost,
  onNeedVerify,
  onSent,
  mutedUntil = null,
}: { streamId: string } & NonNullable<Props['form']>) {
  const { t, m, locale } = useT();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // A line whose answer never came is resent with the same id: the server posts (and bids) once.
  const unanswered = useRef<{ text: string; key: string } | null>(null);
  const inputId = useId();
  const muted = useMuted(mutedUntil);

  useEffect(() => {
    if (!answer || answer.tone === 'error') return;
    const timer = setTimeout(() => setAnswer(null), 6_000);
    return () => clearTimeout(timer);
  }, [answer]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const line = text.trim();
    // An empty message is ignored, not refused.
    if (!line || sending || muted) return;
    // A bid needs a verified email: it is not sent, and the verification prompt is offered.
    if (parseChatBid(line) !== null && !verified && !isHost) {
      onNeedVerify();
      setAnswer({ tone: 'error', text: t('live.chat.verifyToBid') });
      return;
    }
    const key = unanswered.current?.text === line ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { text: line, key };
    setSending(true);
    const reply = await requestSocket('stream:chat', { streamId, text: line, clientId: key });
    setSending(false);
    if (reply.ok) {
      unanswered.current = null;
      setText('');
      onSent(reply.message);
      setAnswer(reply.bid ? { tone: reply.bid.leading ? 'ok' : 'info', text: reply.bid.message } : null);
    } else {
      if (reply.code !== 'SERVICE_UNAVAILABLE') unanswered.current = null;
      if (reply.code === 'EMAIL_NOT_VERIFIED') onNeedVerify();
      setAnswer({ tone: 'error', text: reply.message });
    }
    input.current?.focus();
  }

  /** The server's answer in the reader's language: bidAtLeast rebuilt around its minimum, the rest through m(). */
  function answerText(said: string): string {
    const amount = AT_LEAST.exec(said)?.[1];
    const minimum = amount === undefined ? null : parseAmountToFils(amount);
    return minimum === null ? m(said) : t('live.chat.bidAtLeast', { minimum: formatMoney(minimum, locale) });
  }

  return (
    <form className="chat__form" onSubmit={(e) => void submit(e)} data-testid="chat-form">
      <label htmlFor={inputId} className="sr-only">
        {t('live.chat.label')}
      </label>
      <input
        ref={input}
        id={inputId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={CHAT_MAX}
        autoComplete="off"
        enterKeyHint="send"
        placeholder={
          verified || isHost
            ? isHost
              ? t('live.chat.placeholderHost')
              : t('live.chat.placeholder')
            : m(MSG.chatUnverifiedPlaceholder)
        }
        aria-describedby={muted ? `${inputId}-muted` : answer ? `${inputId}-answer` : undefined}
        disabled={muted}
      />
      <button type="submit" className="btn btn--primary" disabled={sending || muted}>
        {t('live.chat.send')}
      </button>
      {muted && mutedUntil && (
        <p id={`${inputId}-muted`} className="chat__muted notice notice--warn" data-testid="chat-muted">
          {t('live.chat.mutedUntil', { time: formatGulfClock(mutedUntil, locale) })}
        </p>
      )}
      <p
        id={`${inputId}-answer`}
        className={`chat__answer chat__answer--${answer?.tone ?? 'none'}`}
        role={answer?.tone === 'error' ? 'alert' : 'status'}
        data-testid="chat-answer"
      >
        {answer && answerText(answer.text)}
      </p>
    </form>
  );
}
