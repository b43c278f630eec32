import { useEffect, useState } from 'react';
import { HOST_HEARTBEAT_MS, MSG, type StreamDetail } from '@souq/shared';
import { emitSocket, joinStream } from '../../api/socket';
import { PageTitle } from '../../components/PageTitle';
import { useSecondsLeft } from '../../components/useSecondsLeft';
import { useT } from '../../i18n';
import { useSellableProducts } from './api';
import { BidBanner } from './BidBanner';
import { ChatPanel } from './ChatPanel';
import { EndStreamDialog } from './host/EndStreamDialog';
import { GoLivePanel } from './host/GoLivePanel';
import { HostCamera } from './host/HostCamera';
import { HostEnding } from './host/HostEnding';
import { HostTools } from './host/HostTools';
import { useHostMedia } from './useHostMedia';
import { useHostModeration } from './host/useHostModeration';
import { OnSaleLine } from './OnSaleLine';
import { useStreamRoom } from './useStreamRoom';

interface Props {
  stream: StreamDetail;
  /** The camera the start captured; after a reload the page captures it again. */
  initialMedia: MediaStream | null;
}

/**
 * The host's screen: the title, the local video, viewers, time left, End Stream, the chat with
 * moderation, and the show's tools (run sheet, Buy It Now, viewers, moderators, muted words). A
 * scheduled show opens on its Go live button; the camera is asked for once it is live.
 */
export function HostLive({ stream, initialMedia }: Props) {
  const { t, m } = useT();
  const { viewers, addMessage } = useStreamRoom(stream.id, stream.host.id);
  const [notice, setNotice] = useState<string | null>(null);
  const moderation = useHostModeration(stream.id, setNotice);
  const products = useSellableProducts(stream.host.id);
  const left = useSecondsLeft(stream.endsAt);
  const ended = stream.status === 'ended';
  const scheduled = stream.status === 'scheduled';
  const biddingOver = ended || left === 0;
  const [confirming, setConfirming] = useState(false);
  const { local, mediaError, video } = useHostMedia({
    streamId: stream.id,
    initialMedia,
    ended,
    scheduled,
    onClipFailed: (lot) => setNotice(t('host.clip.failed', { title: lot.product.title })),
  });

  // The server makes a socket a live show's host (its heartbeats, the video's signalling) when it joins the
  // room: a scheduled show that went live on this page joins again, now as its host.
  useEffect(() => {
    if (scheduled || ended) return;
    return joinStream(stream.id, { onJoined: () => undefined });
  }, [stream.id, scheduled, ended]);

  // "A reload is not leaving": the page reports in while it is open.
  useEffect(() => {
    if (ended || scheduled) return;
    const beat = () => emitSocket('stream:heartbeat', { streamId: stream.id });
    const timer = setInterval(beat, HOST_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [stream.id, ended, scheduled]);

  const title = stream.title.trim() || m(MSG.untitledStream);
  const watching = viewers === null ? null : Math.max(0, viewers - 1);
  const maxViewers = video.join?.mode === 'mesh' ? video.join.maxViewers : null;

  return (
    <article className="live live--host" data-testid="host-screen">
      <header className="live__head">
        <PageTitle>{title}</PageTitle>
        <p className="live__hosting">
          {!scheduled && (
            <>
              <span className="stream-card__badge stream-card__badge--live">
                {t(ended ? 'live.badge.ended' : 'live.badge.live')}
              </span>{' '}
              {m(ended ? MSG.streamEnded : MSG.hostingStream)}
            </>
          )}
        </p>
      </header>
      {scheduled && <GoLivePanel streamId={stream.id} scheduledFor={stream.scheduledFor} />}
      {stream.rehearsalPace && (
        <p className="notice notice--info" role="status" data-testid="rehearsal-banner">
          {t('host.rehearse.banner')}
        </p>
      )}

      <div className="live__layout">
        <div className="live__stage">
          {/* A scheduled show has no camera, viewers or clock yet: the Go live panel stands in for them. */}
          {!scheduled && (
            <HostCamera
              stream={stream}
              ended={ended}
              watching={watching}
              maxViewers={maxViewers}
              video={video}
              localRef={local}
              mediaError={mediaError}
            />
          )}
          {!scheduled && <BidBanner stream={stream} />}
          <OnSaleLine stream={stream} />
          {notice && (
            <p className="notice notice--info" role="status">
              {notice}
            </p>
          )}
          {!scheduled && (
            <HostEnding stream={stream} ended={ended} biddingOver={biddingOver} onEnd={() => setConfirming(true)} />
          )}
        </div>

        <ChatPanel
          streamId={stream.id}
          messages={stream.recentMessages}
          hostId={stream.host.id}
          form={
            ended || scheduled
              ? null
              : { verified: true, isHost: true, onNeedVerify: () => undefined, onSent: addMessage }
          }
          moderation={ended || scheduled ? undefined : moderation}
        />
      </div>
      <HostTools stream={stream} products={products.data} moderation={ended ? null : moderation} />
      {confirming && (
        <EndStreamDialog
          streamId={stream.id}
          hasBid={stream.highestBid !== null}
          onClose={() => setConfirming(false)}
        />
      )}
    </article>
  );
}
