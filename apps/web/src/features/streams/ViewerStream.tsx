import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MSG, STREAM_REDIRECT_MS, type ChatMessage, type StreamDetail } from '@souq/shared';
import { useSecondsLeft } from '../../components/useSecondsLeft';
import { BidBanner } from './BidBanner';
import { ChatPanel } from './ChatPanel';
import { ComingUp } from './show/ComingUp';
import { GiveawayPanel } from './show/GiveawayPanel';
import { LotCard } from './show/LotCard';
import { PinsPanel } from './show/PinsPanel';
import { useModeration } from './show/useModeration';
import { useMuted } from './show/useMuted';
import { OnSaleLine } from './OnSaleLine';
import { ShowHeader } from './ShowHeader';
import { ShowLoginLink } from './ShowLoginLink';
import { useStreamRoom } from './useStreamRoom';
import { useViewerVideo } from './video/useVideo';
import { ViewerBar } from './ViewerBar';
import { ViewerNotices } from './ViewerNotices';
import { ViewerPlayer } from './ViewerPlayer';
import { richT, useT } from '../../i18n';
import './show/show.css';

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

/**
 * The viewer screen: the host's video, the clock, the lot on screen with its quick bids, what is
 * coming up, the giveaway, Buy It Now and the chat (with moderation for the host's moderators).
 */
export function ViewerStream({ stream, me, follow, onNeedVerify, requireVerified, lineActions }: Props) {
  const { t } = useT();
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

  return (
    <article className="live" data-testid="viewer-screen">
      <ShowHeader stream={stream} follow={follow} />

      <div className="live__layout">
        <div className="live__stage">
          <ViewerBar stream={stream} ended={ended} shut={shut} state={state} viewers={viewers} />

          <ViewerPlayer
            stream={stream}
            videoRef={video}
            endedRef={endedHeading}
            state={state}
            ended={ended}
            shut={shut}
            won={won}
          />

          <ViewerNotices
            streamId={stream.id}
            state={state}
            retry={retry}
            ended={ended}
            shut={shut}
            orderWaiting={orderWaiting}
          />
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
          <GiveawayPanel
            streamId={stream.id}
            giveaway={stream.giveaway}
            entered={stream.giveawayEntered}
            me={me?.id ?? null}
            canEnter={!ended && !stream.isHost && !shut}
            requireVerified={requireVerified}
          />
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
