import { useId, type InputHTMLAttributes } from 'react';
import { useT } from '../i18n';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error is announced and tied to it for screen readers. */
export function TextField({ label, error, hint, ...input }: Props) {
  const id = useId();
  const { m } = useT();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        {...input}
      />
      {(error || hint) && (
        <small id={`${id}-note`} className={error ? 'field__error' : 'field__hint'}>
          {m(error ?? hint ?? '')}
        </small>
      )}
    </div>
  );
}
