import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { ReviewForm } from './ReviewForm';

describe('the review form', () => {
  afterEach(cleanup);

  it('refuses a blank review in the exact words people see and takes focus to the text', async () => {
    const onSubmit = vi.fn();
    renderInLocale(<ReviewForm pending={false} canSubmit={() => true} onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Submit review' });
    submit.focus();
    fireEvent.click(submit);
    expect(screen.getByText(MSG.reviewBlank)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your review')));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the text and the rating once they are valid', () => {
    const onSubmit = vi.fn();
    renderInLocale(<ReviewForm pending={false} canSubmit={() => true} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Works as described.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(onSubmit).toHaveBeenCalledWith({ text: 'Works as described.', rating: 5 });
  });

  it('asks in Arabic, stars counted with Arabic plurals', () => {
    renderInLocale(<ReviewForm pending={false} canSubmit={() => true} onSubmit={vi.fn()} />, { locale: 'ar' });
    screen.getByRole('heading', { name: 'اكتب تقييمًا' });
    screen.getByLabelText('تقييمك');
    screen.getByRole('button', { name: 'أرسل التقييم' });
    for (const name of ['نجمة واحدة', 'نجمتان', '3 نجوم', '4 نجوم', '5 نجوم']) screen.getByRole('radio', { name });
    expect(screen.getByText('ممتاز')).toBeTruthy();
  });
});
