import { useRef, useState } from 'react';
import type { ImageUrls } from '@souq/shared';
import { PLACEHOLDER_IMAGE } from '../../components/Gallery';
import { useT } from '../../i18n';

interface Props {
  images: readonly ImageUrls[];
  title: string;
  /** Photos are fetched only near the current item. */
  load: boolean;
  eager: boolean;
}

/** An item's photos side by side: swiped sideways (CSS scroll snapping) or stepped with the buttons. */
export function FeedPhotos({ images, title, load, eager }: Props) {
  const { t } = useT();
  const strip = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  const many = images.length > 1;

  function go(to: number) {
    const el = strip.current;
    if (!el) return;
    const next = (to + images.length) % images.length;
    // Right to left, the strip starts at the right and scrolls to negative offsets.
    const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollTo({ left: sign * next * el.clientWidth, behavior: 'smooth' });
    setShown(next);
  }

  return (
    <div className="feed-photos">
      <div
        ref={strip}
        className="feed-photos__strip"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setShown(Math.round(Math.abs(el.scrollLeft) / el.clientWidth));
        }}
      >
        {images.map((image, i) => (
          <div className="feed-photos__frame" key={`${image.url}-${i}`}>
            {load && (
              <img
                src={image.url}
                alt={many ? t('feed.photoAlt', { title, index: i + 1, count: images.length }) : title}
                loading={eager && i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
                onError={(e) => {
                  if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
                }}
              />
            )}
          </div>
        ))}
      </div>
      {many && (
        <>
          <button
            type="button"
            className="feed-photos__nav feed-photos__nav--prev"
            aria-label={t('feed.previousPhoto')}
            onClick={() => go(shown - 1)}
          >
            <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <button
            type="button"
            className="feed-photos__nav feed-photos__nav--next"
            aria-label={t('feed.nextPhoto')}
            onClick={() => go(shown + 1)}
          >
            <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
              <path
                d="M9 5l7 7-7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <span className="feed-photos__count" aria-hidden="true" dir="ltr">
            {shown + 1} / {images.length}
          </span>
        </>
      )}
    </div>
  );
}
