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
import { Modal } from '../../components/Modal';
import { useT } from '../../i18n';
import { richT } from '../../i18n';

interface Moderation {
  onDelete(message: ChatMessage): void;
  onRemove(user: UserBrief): Promise<void>;
}

interface Props {
  streamId: string;
  messages: ChatMessage[];
  hostId: string;
  /** The form: only for someone signed in, and only while the stream is live. */
  form: { verified: boolean; isHost: boolean; onNeedVerify(): void; onSent(message: ChatMessage): void } | null;
  moderation?: Moderation;
  /** Shown instead of the form (why one cannot chat). */
  note?: ReactNode;
}

type Answer = { tone: 'ok' | 'info' | 'error'; text: string };

/** bidAtLeast's words from the server, which name the minimum in AED. */
const AT_LEAST = /^Bid amount must be higher than current bid\. Bid at least AED ([\d,.]+)\.$/;

/** The live chat: everyone's lines with bids set apart, and (signed in, while live) the form. */
export function ChatPanel({ streamId, messages, hostId, form, moderation, note }: Props) {
  const { t, locale } = useT();
  const list = useRef<HTMLOListElement>(null);
  const stuck = useRef(true);
  const [removing, setRemoving] = useState<UserBrief | null>(null);
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
        {messages.map((m) => (
          <li
            key={m.id}
            className={`chat__msg${m.kind === 'bid' ? ' chat__msg--bid' : ''}`}
            data-testid={m.kind === 'bid' ? 'chat-bid' : 'chat-message'}
          >
            <div className="chat__text">
              <span className="chat__user">
                <bdi>{m.user.username}</bdi>
                {m.user.id === hostId && <span className="pill pill--small chat__host">{t('live.chat.host')}</span>}
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
            </div>
            {moderation && (
              <div className="chat__tools">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('live.chat.delete', { user: m.user.username })}
                  onClick={() => moderation.onDelete(m)}
                >
                  <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
                    <path
                      fill="currentColor"
                      d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
                    />
                  </svg>
                </button>
                {m.user.id !== hostId && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('live.chat.remove', { user: m.user.username })}
                    onClick={() => setRemoving(m.user)}
                  >
                    <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
                      <path
                        fill="currentColor"
                        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 0 1 6.3 12.9L7.1 5.7A8 8 0 0 1 12 4zM4 12c0-1.8.6-3.5 1.7-4.9l11.2 11.2A8 8 0 0 1 4 12z"
                      />
                    </svg>
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      {form ? <ChatForm streamId={streamId} {...form} /> : note}
      {removing && moderation && (
        <RemoveViewerDialog user={removing} onRemove={moderation.onRemove} onClose={() => setRemoving(null)} />
      )}
    </section>
  );
}

function RemoveViewerDialog({
  user,
  onRemove,
  onClose,
}: {
  user: UserBrief;
  onRemove: Moderation['onRemove'];
  onClose(): void;
}) {
  const { t, m } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      title={t('live.chat.removeTitle', { user: user.username })}
      onClose={onClose}
      testId="remove-viewer-dialog"
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('live.chat.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              onRemove(user).then(onClose, (e: unknown) => {
                setBusy(false);
                setError((e as Error).message);
              });
            }}
          >
            {t('live.chat.removeConfirm')}
          </button>
        </>
      }
    >
      <p>{t('live.chat.removeBody')}</p>
      {error && (
        <p className="form-error" role="alert">
          {m(error)}
        </p>
      )}
    </Modal>
  );
}

function ChatForm({
  streamId,
  verified,
  isHost,
  onNeedVerify,
  onSent,
}: { streamId: string } & NonNullable<Props['form']>) {
  const { t, m, locale } = useT();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // A line whose answer never came is resent with the same id: the server posts (and bids) once.
  const unanswered = useRef<{ text: string; key: string } | null>(null);
  const inputId = useId();

  useEffect(() => {
    if (!answer || answer.tone === 'error') return;
    const timer = setTimeout(() => setAnswer(null), 6_000);
    return () => clearTimeout(timer);
  }, [answer]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const line = text.trim();
    // An empty message is ignored, not refused.
    if (!line || sending) return;
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
        aria-describedby={answer ? `${inputId}-answer` : undefined}
      />
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {t('live.chat.send')}
      </button>
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
