import type { ReactNode } from 'react';
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
  return (
    <div role="alert">
      <EmptyState title={title}>
        <p className="muted">{message ?? 'Check your connection and try again.'}</p>
        <div className="empty__actions">
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            Retry
          </button>
          {children}
        </div>
      </EmptyState>
    </div>
  );
}
