import type { ReactNode } from 'react';
import { MSG } from '@souq/shared';
import { ApiError } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageTitle } from '../../components/PageTitle';
import { useT } from '../../i18n';

/** A stream that could not be loaded: not found (with the page's next step), or a failure to retry. */
export function StreamLoadProblem({
  error,
  retry,
  failedTitle,
  next,
}: {
  error: Error;
  retry: () => void;
  failedTitle: string;
  next: ReactNode;
}) {
  const { t, m } = useT();
  if (error instanceof ApiError && error.status < 500) {
    return (
      <>
        <PageTitle>{m(MSG.streamNotFound)}</PageTitle>
        <EmptyState title={t('live.notFound')}>{next}</EmptyState>
      </>
    );
  }
  return <ErrorState title={failedTitle} message={m(error.message)} onRetry={retry} />;
}
