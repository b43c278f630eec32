import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, HOST_HEARTBEAT_MS, MSG, type ChatMessage, type StreamDetail, type UserBrief } from '@souq/shared';
import { emitSocket, joinStream } from '../../api/socket';
import { Modal } from '../../components/Modal';
import { PageTitle } from '../../components/PageTitle';
import { useSecondsLeft } from '../../components/useSecondsLeft';
import { useT } from '../../i18n';
import { richT } from '../../i18n';
import { useDeleteMessage, useEndStream, useRemoveViewer, useSellableProducts } from './api';
import { useMute } from './host-api';
import { HostTools } from './host/HostTools';
import { GoLivePanel } from './host/GoLivePanel';
import { useClipOnSale } from './host/useClipOnSale';
import { formatGulfClock } from '../../components/dates';
import { BidBanner } from './BidBanner';
import { ChatPanel } from './ChatPanel';
import { OnSaleLine } from './OnSaleLine';
import { captureHostMedia, mediaErrorText, stopMedia } from './media';
import { TimeLeft } from './TimeLeft';
import { useStreamRoom } from './useStreamRoom';
import { useHostVideo } from './video/useVideo';

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
  const i18n = useT();
  const { t, m, locale } = i18n;
  const { viewers, addMessage } = useStreamRoom(stream.id, stream.host.id);
  const deleteMessage = useDeleteMessage(stream.id);
  const removeViewer = useRemoveViewer(stream.id);
  const mute = useMute(stream.id);
  const products = useSellableProducts(stream.host.id);
  const left = useSecondsLeft(stream.endsAt);
  const ended = stream.status === 'ended';
  const scheduled = stream.status === 'scheduled';
  const biddingOver = ended || left === 0;
  const [media, setMedia] = useState<MediaStream | null>(initialMedia);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const local = useRef<HTMLVideoElement>(null);
  const video = useHostVideo(stream.id, ended || scheduled ? null : media);
  // A clip that could not be kept is only mentioned: the sale stands without it.
  useClipOnSale({
    streamId: stream.id,
    media: ended || scheduled ? null : media,
    onFailed: (lot) => setNotice(t('host.clip.failed', { title: lot.product.title })),
  });

  // After a reload: the camera again (the stream stayed live meanwhile, the server waits 30 s for its host).
  useEffect(() => {
    if (media || ended || scheduled) return;
    let alive = true;
    captureHostMedia().then(
      (m) => (alive ? setMedia(m) : stopMedia(m)),
      (e: unknown) => alive && setMediaError((e as Error).message),
    );
    return () => {
      alive = false;
    };
  }, [media, ended, scheduled]);

  useEffect(() => {
    if (local.current && media) local.current.srcObject = media;
  }, [media]);

  // The camera goes off when the stream ends or the page is left.
  const current = useRef(media);
  useEffect(() => {
    current.current = media;
    if (ended) stopMedia(media);
  }, [media, ended]);
  const mounts = useRef(0);
  useEffect(() => {
    const mount = ++mounts.current;
    // Deferred: React's development double mount is not leaving (a later mount is what is compared).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    return () => void setTimeout(() => mounts.current === mount && stopMedia(current.current), 0);
  }, []);

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

  const moderation = {
    onDelete: (m: ChatMessage) => {
      deleteMessage.mutate(m.id, { onError: (e) => setNotice(i18n.m(e.message)) });
    },
    onRemove: async (user: UserBrief) => {
      await removeViewer.mutateAsync(user.id);
      setNotice(t('live.host.removed', { user: user.username }));
    },
    // Five minutes' silence; ChatPanel shows it per author once its moderation takes onMute.
    onMute: async (user: UserBrief) => {
      try {
        const { until } = await mute.mutateAsync(user.id);
        setNotice(t('host.viewers.muted', { user: user.username, time: m(formatGulfClock(until, locale)) }));
      } catch (e) {
        setNotice(m((e as Error).message));
      }
    },
  };

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

      <div className="live__layout">
        <div className="live__stage">
          {/* A scheduled show has no camera, viewers or clock yet: the Go live panel stands in for them. */}
          {!scheduled && (
            <>
              <div className="live__bar">
                <span data-testid="viewer-count">
                  {richT(t, 'live.host.viewers', { n: <strong>{watching ?? '–'}</strong> }, { count: watching ?? 0 })}
                  {maxViewers !== null && !ended && (
                    <span className="muted"> {t('live.host.receiving', { count: video.count })}</span>
                  )}
                </span>
                <span className="live__clock">
                  <span className="sr-only">{t('live.timeLeft')} </span>
                  <TimeLeft endsAt={stream.endsAt} ended={ended} style="host" testId="host-countdown" />
                </span>
              </div>
              <div className="live__video">
                <video
                  ref={local}
                  autoPlay
                  playsInline
                  muted
                  aria-label={t('live.host.camera')}
                  data-testid="local-video"
                />
                {(mediaError || video.error) && !ended && (
                  <p className="live__overlay" role="alert">
                    {mediaErrorText(mediaError ?? video.error ?? '', i18n)}
                  </p>
                )}
              </div>
              {video.full && maxViewers !== null && !ended && (
                <p className="notice notice--warn" role="status" data-testid="mesh-full">
                  {t('live.host.full', { max: maxViewers })}
                </p>
              )}
            </>
          )}
          {!scheduled && <BidBanner stream={stream} />}
          <OnSaleLine stream={stream} />
          {notice && (
            <p className="notice notice--info" role="status">
              {notice}
            </p>
          )}
          {scheduled ? null : biddingOver ? (
            <div className="live__ended" data-testid="host-ended">
              {ended && stream.winner && stream.highestBid && (
                <p>
                  {richT(t, 'live.host.soldTo', {
                    user: (
                      <strong>
                        <bdi>{stream.winner.username}</bdi>
                      </strong>
                    ),
                    amount: (
                      <strong>
                        <bdi>{formatMoney(stream.highestBid.amount, locale)}</bdi>
                      </strong>
                    ),
                  })}
                </p>
              )}
              {ended && !stream.winner && <p>{t('live.host.noBids')}</p>}
              <Link to="/live-auction" className="btn btn--primary btn--block">
                {t('live.host.return')}
              </Link>
            </div>
          ) : (
            <button
              type="button"
              className="btn btn--danger btn--block"
              onClick={() => setConfirming(true)}
              data-testid="end-stream"
            >
              {t('live.host.end')}
            </button>
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

function EndStreamDialog({ streamId, hasBid, onClose }: { streamId: string; hasBid: boolean; onClose(): void }) {
  const { t } = useT();
  const end = useEndStream(streamId);
  return (
    <Modal
      title={t('live.host.endTitle')}
      onClose={onClose}
      testId="end-stream-dialog"
      error={end.error?.message}
      confirm={{
        cancelLabel: t('live.host.keep'),
        confirmLabel: t('live.host.end'),
        danger: true,
        busy: end.isPending,
        onConfirm: () => end.mutate(undefined, { onSuccess: onClose }),
      }}
    >
      <p>{t(hasBid ? 'live.host.endWithBid' : 'live.host.endNoBid')}</p>
    </Modal>
  );
}
