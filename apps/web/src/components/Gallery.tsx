import { useState, type KeyboardEvent } from 'react';
import type { ImageUrls } from '@souq/shared';
import { useT } from '../i18n';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
const PLACEHOLDER: ImageUrls = { url: PLACEHOLDER_IMAGE, thumb: PLACEHOLDER_IMAGE };

/** The main image and a strip of clickable thumbnails; the placeholder when there are no images. */
export function Gallery({ images, title }: { images: readonly ImageUrls[]; title: string }) {
  const { t, locale } = useT();
  const list = images.length ? images : [PLACEHOLDER];
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, list.length - 1);
  const current = list[index] ?? PLACEHOLDER;

  function onKeyDown(e: KeyboardEvent) {
    if (list.length < 2) return;
    // Right to left, the next image is the one to the left.
    const [next, previous] = locale === 'ar' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    if (e.key === next) setSelected((index + 1) % list.length);
    else if (e.key === previous) setSelected((index - 1 + list.length) % list.length);
    else return;
    e.preventDefault();
  }

  return (
    <div className="gallery" data-testid="gallery">
      <div
        className="gallery__main"
        tabIndex={list.length > 1 ? 0 : undefined}
        onKeyDown={onKeyDown}
        aria-label={list.length > 1 ? t('components.gallery.browse') : undefined}
      >
        <img
          key={current.url}
          src={current.url}
          fetchPriority="high"
          alt={
            list.length > 1 ? t('components.gallery.imageAlt', { title, index: index + 1, count: list.length }) : title
          }
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
        />
        {list.length > 1 && (
          <span className="gallery__count" aria-hidden="true" dir="ltr">
            {index + 1} / {list.length}
          </span>
        )}
      </div>
      {list.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('components.gallery.choose')}>
          {list.map((image, i) => (
            <li key={`${image.thumb}-${i}`}>
              <button
                type="button"
                className={`gallery__thumb${i === index ? ' gallery__thumb--active' : ''}`}
                aria-label={t('components.gallery.show', { index: i + 1, count: list.length })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setSelected(i)}
              >
                <img src={image.thumb} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
