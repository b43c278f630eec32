import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG, STREAM_REDIRECT_MS, type ChatMessage, type StreamDetail } from '@souq/shared';
import { SoundToggle } from '../../components/SoundToggle';
import { useSecondsLeft } from '../../components/useSecondsLeft';
import { BidBanner } from './BidBanner';
import { ChatPanel } from './ChatPanel';
import { ComingUp } from './show/ComingUp';
import { LotCard } from './show/LotCard';
import { PinsPanel } from './show/PinsPanel';
import { useModeration } from './show/useModeration';
import { useMuted } from './show/useMuted';
import { OnSaleLine } from './OnSaleLine';
import { ShowHeader } from './ShowHeader';
import { ShowLoginLink } from './ShowLoginLink';
import { TimeLeft } from './TimeLeft';
import { useStreamRoom } from './useStreamRoom';
import { useViewerVideo } from './video/useVideo';
import type { ViewerVideoState } from './video/types';
import { useT } from '../../i18n';
import './show/show.css';
import { richT } from '../../i18n';

interface Props {
  stream: StreamDetail;
  me: { id: string; verified: boolean } | null;
  /** The follow star for the host (hidden from the host). */
  follow?: ReactNode;
  onNeedVerify(): void;
  /** The gate before a purchase: signed in and verified, else the way there; false stops it. */
  requireVerified(): boolean;
  /** What the page offers on someone else's chat line (Report). */
  lineActions?: (message: ChatMessage) => ReactNode;
}

const STATUS_TEXT: Record<ViewerVideoState, string> = {
  connecting: MSG.connecting,
  live: MSG.live,
  reconnecting: MSG.reconnecting,
  failed: MSG.connectionFailed,
  full: MSG.streamFull,
};

/**
 * The viewer screen: the host's video, the clock, the lot on screen with its quick bids, what is
 * coming up, Buy It Now and the chat (with moderation for the host's moderators).
 */
export function ViewerStream({ stream, me, follow, onNeedVerify, requireVerified, lineActions }: Props) {
  const { t, m } = useT();
  const navigate = useNavigate();
  const room = useStreamRoom(stream.id, me?.id ?? null);
  const { viewers, removed, addMessage } = room;
  const moderation = useModeration(stream.id);
  const mutedUntil = room.mutedUntil ?? stream.mutedUntil;
  const chatMuted = useMuted(mutedUntil);
  const left = useSecondsLeft(stream.endsAt);
  // Ended when the server says so or when the countdown (on the server's clock) reaches 00:00.
  const ended = stream.status === 'ended' || left === 0;
  // This viewer's show order gathers every win and purchase: any of them keeps them here to complete it.
  const orderWaiting = !stream.isHost && stream.order?.status === 'awaiting_address';
  const won = ended && me !== null && (stream.winner?.id === me.id || orderWaiting);
  const isShow = stream.lot !== null || stream.lots.length > 0;
  const video = useRef<HTMLVideoElement>(null);
  const { state, retry } = useViewerVideo(stream.id, video, !ended && !removed && !stream.removed);
  const [muted, setMuted] = useState(false);
  const endedHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!ended) return;
    endedHeading.current?.focus();
    // To the live list 3 seconds after the end; the winner stays to complete the order.
    if (won) return;
    const timer = setTimeout(() => navigate('/live-auction'), STREAM_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ended, won, navigate]);

  const shut = removed ?? (stream.removed ? MSG.removedFromStream : null);
  const watching = viewers === null ? 0 : Math.max(0, viewers - 1);

  return (
    <article className="live" data-testid="viewer-screen">
      <ShowHeader stream={stream} follow={follow} />

      <div className="live__layout">
        <div className="live__stage">
          <div className="live__bar">
            <span className={`conn conn--${ended ? 'ended' : state}`} role="status" data-testid="connection-status">
              <span className="conn__dot" aria-hidden="true" />
              {ended ? m(MSG.streamEnded) : shut ? t('live.viewer.notWatching') : m(STATUS_TEXT[state])}
            </span>
            <span className="live__clock">
              <span className="sr-only">{t('live.timeLeft')} </span>
              <TimeLeft
                endsAt={stream.endsAt}
                ended={stream.status === 'ended'}
                style="viewer"
                testId="viewer-countdown"
              />
            </span>
            {viewers !== null && (
              <span className="muted live__viewers">
                {t('live.viewer.watching', { count: watching, n: String(watching) })}
              </span>
            )}
            <SoundToggle />
          </div>

          <div className="live__video">
            <video
              ref={video}
              autoPlay
              playsInline
              muted={muted}
              data-testid="stream-video"
              aria-label={t('live.viewer.video', { host: stream.host.username })}
              onLoadedMetadata={(e) => {
                // Browsers refuse sound before the first tap: play muted rather than not at all.
                const v = e.currentTarget;
                v.play().catch(() => {
                  v.muted = true;
                  setMuted(true);
                  v.play().catch(() => undefined);
                });
              }}
            />
            {muted && !ended && (
              <button type="button" className="btn btn--light live__unmute" onClick={() => setMuted(false)}>
                {t('live.viewer.unmute')}
              </button>
            )}
            {!ended && !shut && state !== 'live' && (
              <div className="live__overlay" aria-hidden="true">
                {m(STATUS_TEXT[state])}
              </div>
            )}
            {ended && (
              <div className="live__ended" data-testid="stream-ended">
                <h2 ref={endedHeading} tabIndex={-1}>
                  {m(MSG.streamEnded)}
                </h2>
                {won ? (
                  <p>
                    {richT(t, 'live.viewer.youWon', {
                      link: <Link to="/MyAccount?tab=orders">{t('live.viewer.completeOrder')}</Link>,
                    })}
                  </p>
                ) : (
                  <Link to="/live-auction" className="btn btn--primary">
                    {t('live.viewer.return')}
                  </Link>
                )}
              </div>
            )}
          </div>

          {state === 'failed' && !ended && !shut && retry && (
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={retry}
              data-testid="refresh-connection"
            >
              {t('live.viewer.refresh')}
            </button>
          )}
          {state === 'full' && !ended && !shut && (
            <p className="notice notice--info" data-testid="stream-full">
              {m(MSG.streamFull)}{' '}
              {retry && (
                <button type="button" className="link-button" onClick={retry}>
                  {t('live.viewer.tryAgain')}
                </button>
              )}
            </p>
          )}
          {shut && (
            <p className="notice notice--warn" role="alert" data-testid="removed">
              {m(shut)}
            </p>
          )}
          {orderWaiting && !ended && (
            <p className="notice notice--info" data-testid="show-order">
              {richT(t, 'show.order.pending', {
                link: <Link to="/MyAccount?tab=orders">{t('live.viewer.completeOrder')}</Link>,
              })}
            </p>
          )}
          {isShow ? (
            <>
              <LotCard
                streamId={stream.id}
                lot={stream.lot}
                me={me}
                isHost={stream.isHost}
                canBid={me !== null && !ended && !shut && !chatMuted}
                onNeedVerify={onNeedVerify}
                onSent={addMessage}
                banner={<BidBanner stream={stream} />}
              />
              {/* A one-product stream has nothing to come: no section saying so. */}
              {!ended && stream.lots.length > 1 && <ComingUp lots={stream.lots} />}
            </>
          ) : (
            <>
              <BidBanner stream={stream} />
              <OnSaleLine stream={stream} />
            </>
          )}
          {!ended && (
            <PinsPanel
              streamId={stream.id}
              pins={stream.pins}
              canBuy={!stream.isHost && !shut}
              requireVerified={requireVerified}
            />
          )}
        </div>

        <ChatPanel
          streamId={stream.id}
          messages={stream.recentMessages}
          hostId={stream.host.id}
          form={
            me && !ended && !shut
              ? { verified: me.verified, isHost: stream.isHost, onNeedVerify, onSent: addMessage, mutedUntil }
              : null
          }
          moderation={stream.canModerate && !ended ? moderation : undefined}
          lineActions={lineActions}
          note={
            ended ? null : !me ? (
              <p className="chat__note">
                {richT(t, 'live.viewer.login', {
                  link: <ShowLoginLink streamId={stream.id} />,
                })}
              </p>
            ) : null
          }
        />
      </div>
    </article>
  );
}
