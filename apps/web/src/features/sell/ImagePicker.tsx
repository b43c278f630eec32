import { useEffect, useRef, useState, type DragEvent } from 'react';
import { MAX_IMAGES, MSG } from '@souq/shared';
import { useT } from '../../i18n';

export interface PickedImage {
  key: string;
  file: File;
  /** An object URL for the preview; revoked when the image is removed or the form goes away. */
  url: string;
}

let counter = 0;

/** The chosen photos with their previews, in order; the first is the cover. */
export function usePickedImages() {
  const [items, setItems] = useState<PickedImage[]>([]);
  const latest = useRef<PickedImage[]>([]);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  useEffect(() => () => latest.current.forEach((i) => URL.revokeObjectURL(i.url)), []);

  /** Adds up to the limit; returns how many were left out. */
  function add(files: readonly File[]): number {
    const room = Math.max(0, MAX_IMAGES - items.length);
    const taken = files
      .slice(0, room)
      .map((file) => ({ key: `img-${++counter}`, file, url: URL.createObjectURL(file) }));
    setItems((prev) => [...prev, ...taken]);
    return files.length - taken.length;
  }

  function remove(key: string) {
    const gone = items.find((i) => i.key === key);
    if (gone) URL.revokeObjectURL(gone.url);
    setItems((prev) => prev.filter((i) => i.key !== key));
  }

  function makeCover(key: string) {
    setItems((prev) => {
      const chosen = prev.find((i) => i.key === key);
      return chosen ? [chosen, ...prev.filter((i) => i.key !== key)] : prev;
    });
  }

  return { items, files: items.map((i) => i.file), add, remove, makeCover };
}

interface Props {
  id: string;
  picked: ReturnType<typeof usePickedImages>;
  error?: string;
  disabled?: boolean;
  /** Called after images are added or removed. */
  onChange?: () => void;
}

/** Multiple images, dropped or chosen, with previews and remove; a product needs at least one. */
export function ImagePicker({ id, picked, error, disabled, onChange }: Props) {
  const { t, m } = useT();
  const [over, setOver] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const full = picked.items.length >= MAX_IMAGES;

  function take(list: FileList | null) {
    const files = Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));
    if (files.length === 0) return;
    setNotice(picked.add(files) > 0 ? MSG.tooManyImages : null);
    onChange?.();
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files);
  }

  const message = error ?? notice;
  return (
    <div className={`image-picker${message ? ' image-picker--invalid' : ''}`}>
      {picked.items.length > 0 && (
        <ul className="image-picker__grid" data-testid="image-previews">
          {picked.items.map((item, i) => (
            <li key={item.key} className="image-picker__item">
              <img src={item.url} alt={t('sell.images.selected', { number: i + 1, name: item.file.name })} />
              {i === 0 ? (
                <span className="image-picker__cover">{t('sell.images.cover')}</span>
              ) : (
                <button
                  type="button"
                  className="image-picker__make-cover"
                  disabled={disabled}
                  onClick={() => picked.makeCover(item.key)}
                >
                  {t('sell.images.makeCover')}
                </button>
              )}
              <button
                type="button"
                className="image-picker__remove"
                aria-label={t('sell.images.remove', { number: i + 1 })}
                disabled={disabled}
                onClick={() => {
                  setNotice(null);
                  picked.remove(item.key);
                  onChange?.();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <label
          htmlFor={id}
          className={`dropzone${over ? ' dropzone--over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d="M19 7v2.99s-1.99.01-2 0V7h-3s.01-1.99 0-2h3V2h2v3h3v2h-3zm-3 4V8h-3V5H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8h-3zM5 19l3-4 2 3 3-4 4 5H5z"
            />
          </svg>
          <span className="dropzone__title">
            {picked.items.length ? t('sell.images.addMore') : t('sell.images.add')}
          </span>
          <span className="dropzone__hint">
            {t('sell.images.drop', { count: picked.items.length, max: MAX_IMAGES })}
          </span>
        </label>
      )}
      <input
        id={id}
        className="sr-only"
        type="file"
        name="images"
        accept="image/*"
        multiple
        disabled={disabled || full}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
        data-testid="images-input"
      />
      <small id={`${id}-note`} className={message ? 'field__error' : 'field__hint'}>
        {message ? m(message) : t('sell.images.hint')}
      </small>
    </div>
  );
}
