import { useEffect, useId, useRef, useState } from 'react';
import { FileInput } from '../../../components/FileInput';
import { useT } from '../../../i18n';

export interface Cover {
  file: File;
  /** The preview's object URL. */
  url: string;
}

/** The picked cover and its preview, whose object URL is let go of once it is replaced or the form goes. */
export function useCoverPreview() {
  const [cover, setCover] = useState<Cover | null>(null);
  useEffect(() => () => void (cover && URL.revokeObjectURL(cover.url)), [cover]);
  const pick = (file: File | null) => setCover(file && { file, url: URL.createObjectURL(file) });
  return [cover, pick] as const;
}

interface Props {
  cover: Cover | null;
  error?: string;
  /** False when the file is refused, so the input lets go of it. */
  onPick(file: File): boolean;
  onRemove(): void;
}

/** The show's optional cover: a file input, or the picked image's preview with a Remove button. */
export function CoverField({ cover, error, onPick, onRemove }: Props) {
  const { t, m } = useT();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {t('live.setup.cover')}
        <span className="field__optional"> {t('live.setup.optional')}</span>
      </label>
      {cover ? (
        <div className="host-form__cover">
          <img src={cover.url} alt={t('live.setup.coverAlt', { name: cover.file.name })} />
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              onRemove();
              // The input is back in place of the preview: focus stays in the field.
              input.current?.focus();
            }}
          >
            {t('live.setup.removeCover')}
          </button>
        </div>
      ) : null}
      <FileInput
        ref={input}
        id={id}
        name="cover"
        accept="image/*"
        hidden={cover !== null}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file && !onPick(file) && input.current) input.current.value = '';
        }}
      />
      <small id={`${id}-note`} className={error ? 'field__error' : 'field__hint'}>
        {error ? m(error) : t('live.setup.coverHint')}
      </small>
    </div>
  );
}
