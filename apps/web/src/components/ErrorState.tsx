import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { EmptyState } from './EmptyState';

/** Something could not be loaded: say so, and offer the way forward (Retry, and whatever else fits). */
export function ErrorState({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const { t, m } = useT();
  return (
    <div role="alert">
      <EmptyState title={title}>
        <p className="muted">{message ? m(message) : t('components.checkConnection')}</p>
        <div className="empty__actions">
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            {t('components.retry')}
          </button>
          {children}
        </div>
      </EmptyState>
    </div>
  );
}
