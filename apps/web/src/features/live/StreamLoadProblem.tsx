import type { ReactNode } from 'react';
import { MSG } from '@souq/shared';
import { ApiError } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageTitle } from '../../components/PageTitle';

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
  if (error instanceof ApiError && error.status < 500) {
    return (
      <>
        <PageTitle>{MSG.streamNotFound}</PageTitle>
        <EmptyState title="This stream does not exist, or its link is mistyped.">{next}</EmptyState>
      </>
    );
  }
  return <ErrorState title={failedTitle} message={error.message} onRetry={retry} />;
}
