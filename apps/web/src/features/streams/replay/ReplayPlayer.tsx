import { useEffect, useRef } from 'react';
import { formatMoney, type Replay, type ReplayChapter } from '@souq/shared';
import { useT } from '../../../i18n';
import { formatMMSS } from '../live-state';

interface Props {
  replay: Replay;
  /** The lot whose chapter the replay opens at (`?chapter=` in the address). */
  startAt?: string | null;
}

/** "Lot 3 — Seiko Presage, sold AED 420": a chapter as the list names it. */
function useChapterName() {
  const { t, locale } = useT();
  return (c: ReplayChapter) =>
    c.outcome === 'sold' && c.price !== null
      ? t('replay.chapter.sold', { n: String(c.position + 1), title: c.title, amount: formatMoney(c.price, locale) })
      : t('replay.chapter.passed', { n: String(c.position + 1), title: c.title });
}

/** The whole show's recording with a chapter at each lot: a tap jumps there and plays. */
export function ReplayPlayer({ replay, startAt }: Props) {
  const { t } = useT();
  const video = useRef<HTMLVideoElement>(null);
  const name = useChapterName();
  const first = replay.chapters.find((c) => c.lotId === startAt);

  const jump = (chapter: ReplayChapter) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = chapter.atMs / 1000;
    void v.play().catch(() => undefined);
  };

  // Opened at a lot's chapter: there once the video knows its length.
  useEffect(() => {
    const v = video.current;
    if (!v || !first) return;
    const go = () => {
      v.currentTime = first.atMs / 1000;
    };
    if (v.readyState >= 1) go();
    else v.addEventListener('loadedmetadata', go, { once: true });
    return () => v.removeEventListener('loadedmetadata', go);
  }, [first]);

  return (
    <div className="replay" data-testid="replay">
      <video
        ref={video}
        className="replay__video"
        src={replay.url}
        controls
        playsInline
        preload="metadata"
        aria-label={t('replay.video')}
        data-testid="replay-video"
      />
      <h2 className="replay__chapters-title">{t('replay.chapters')}</h2>
      {replay.chapters.length === 0 ? (
        <p className="muted">{t('replay.noChapters')}</p>
      ) : (
        <ol className="replay__chapters">
          {replay.chapters.map((c) => (
            <li key={c.lotId}>
              <button
                type="button"
                className="replay__chapter"
                onClick={() => jump(c)}
                aria-current={c.lotId === startAt ? 'true' : undefined}
                data-testid="replay-chapter"
              >
                <span className="replay__at">{formatMMSS(Math.floor(c.atMs / 1000))}</span>
                <bdi>{name(c)}</bdi>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
