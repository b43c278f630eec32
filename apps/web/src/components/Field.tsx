import { useId, type ReactNode } from 'react';
import { useT } from '../i18n';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, the control and its message (in the page's language: `m`), tied together for screen readers. */
export function Field({ label, error, hint, optional, className, children }: FieldProps) {
  const id = useId();
  const { t, m } = useT();
  const note = error ?? hint;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {t('components.optional')}</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': note ? `${id}-note` : undefined })}
      {note && (
        <small id={`${id}-note`} className={error ? 'field__error' : 'field__hint'}>
          {m(note)}
        </small>
      )}
    </div>
  );
}
