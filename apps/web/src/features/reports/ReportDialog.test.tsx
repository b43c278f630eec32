import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { ReportDialog } from './ReportDialog';

const ID = '00000000-0000-4000-8000-000000000001';

function renderDialog(locale: 'en' | 'ar' = 'en', onClose = vi.fn()) {
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ReportDialog kind="product" id={ID} onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
    { locale },
  );
  return onClose;
}

describe('the report dialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks for a reason before anything is sent, then sends the report and thanks the person', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 'r1' }), { status: 201 }));
    renderDialog();
    fireEvent.click(screen.getByText('Send report'));
    await screen.findByText(MSG.reportReasonRequired);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('Counterfeit or fake'));
    fireEvent.change(screen.getByLabelText(/Details/), { target: { value: '  Wrong logo  ' } });
    fireEvent.click(screen.getByText('Send report'));
    await screen.findByText('Thank you. Souq staff will look at your report.');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      targetKind: 'product',
      targetId: ID,
      reason: 'counterfeit',
      text: 'Wrong logo',
    });
  });

  it('shows the server’s refusal of a second report in the dialog, in the page’s language', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'CONFLICT', message: MSG.reportDuplicate } }), { status: 409 }),
    );
    renderDialog('ar');
    fireEvent.click(screen.getByLabelText('مقلد أو مزيف'));
    fireEvent.click(screen.getByText('إرسال البلاغ'));
    // The dialog is not open in jsdom (no showModal), so its roles are hidden: its words are read.
    await screen.findByText('سبق أن أبلغت عن هذا. سيراجعه فريقنا.');
  });
});
