import type { InputHTMLAttributes, Ref } from 'react';
import { useT } from '../i18n';

interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The file chosen, shown by name; none: "No file chosen" in the page's language. */
  fileName?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file field that speaks the page's language. The browser writes its own button ("Choose File")
 * in its interface's language, English on an Arabic page: ours is drawn instead, and the real
 * input lies over it, transparent, taking the clicks, the focus and the field's label.
 */
export function FileInput({ fileName, hidden, ...input }: FileInputProps) {
  const { t } = useT();
  return (
    <div className="file-input__picker" hidden={hidden}>
      <input {...input} type="file" />
      <span className="file-input__face" aria-hidden="true">
        <span className="file-input__button">{t('components.file.choose')}</span>
        <span className="file-input__name">{fileName ? <bdi>{fileName}</bdi> : t('components.file.none')}</span>
      </span>
    </div>
  );
}
