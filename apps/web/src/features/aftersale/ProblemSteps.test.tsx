import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Problem } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { ProblemSteps } from './ProblemSteps';

const unanswered: Problem = {
  id: 'pr1',
  lineId: 'l1',
  orderId: 'o1',
  title: 'Falcon watch',
  buyer: { id: 'b1', username: 'omar', profilePic: '' },
  seller: { id: 's1', username: 'amira', profilePic: '' },
  kind: 'not_received',
  text: 'Nothing came',
  photos: [],
  status: 'open',
  answerBy: '2026-11-22T10:00:00.000Z',
  unanswered: true,
  answer: null,
  escalation: null,
  decision: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function render(problem: Problem, locale: 'en' | 'ar' = 'en') {
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <ProblemSteps problem={problem} as="seller" />
    </QueryClientProvider>,
    { locale },
  );
}

describe("the seller's view of a problem", () => {
  afterEach(cleanup);

  it('shows a problem left unanswered past its deadline as such, with no answer form', () => {
    render(unanswered);
    expect(screen.getByTestId('problem-status').textContent).toBe('Not answered in time');
    expect(screen.getByTestId('problem-unanswered').textContent).toContain('You did not answer by');
    expect(screen.queryByTestId('answer-problem')).toBeNull();
  });

  it('in Arabic', () => {
    render(unanswered, 'ar');
    expect(screen.getByTestId('problem-status').textContent).toBe('لم يُرد في المهلة');
    expect(screen.getByTestId('problem-unanswered').textContent).toContain('لم ترد قبل');
  });

  it('still open in time: the deadline and the answer form', () => {
    render({ ...unanswered, unanswered: false, answerBy: new Date(Date.now() + 3_600_000).toISOString() });
    expect(screen.queryByTestId('problem-unanswered')).toBeNull();
    expect(screen.getByTestId('answer-problem')).toBeTruthy();
  });
});
