import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@souq/shared';
import { ReviewForm } from './ReviewForm';

describe('the review form', () => {
  afterEach(cleanup);

  it('refuses a blank review in the exact words people see and takes focus to the text', async () => {
    const onSubmit = vi.fn();
    render(<ReviewForm pending={false} canSubmit={() => true} onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Submit review' });
    submit.focus();
    fireEvent.click(submit);
    expect(screen.getByText(MSG.reviewBlank)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your review')));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the text and the rating once they are valid', () => {
    const onSubmit = vi.fn();
    render(<ReviewForm pending={false} canSubmit={() => true} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Works as described.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(onSubmit).toHaveBeenCalledWith({ text: 'Works as described.', rating: 5 });
  });
});
