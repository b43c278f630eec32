import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lot, ProductSummary } from '@souq/shared';
import { renderWithGates } from '../../../test-support/gates';

// jsdom has no showModal: without it the dialog stays closed and its fields are hidden from roles.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};

const call = vi.fn();
vi.mock('../../../api/client', async (original) => ({
  ...(await original<typeof import('../../../api/client')>()),
  call: (...args: unknown[]) => call(...args),
}));
const { AddLotDialog, EditLotDialog } = await import('./LotDialogs');
const { ApiError } = await import('../../../api/client');

const PRODUCTS = [
  { id: 'p1', title: 'Falcon watch', price: 120_00, image: { url: '/f.jpg', thumb: '/f.jpg' } },
  { id: 'p2', title: 'Oud perfume', price: 99_00, image: { url: '/o.jpg', thumb: '/o.jpg' } },
] as unknown as ProductSummary[];
const LOT = {
  id: 'l1',
  product: { id: 'p1', title: 'Falcon watch' },
  startingBid: 100_00,
  seconds: 30,
  closingStyle: 'sudden',
} as unknown as Lot;

describe('the lot dialogs', () => {
  afterEach(() => {
    cleanup();
    call.mockReset();
  });

  it('Add a lot: says what is missing, starts the bidding at the product’s price, and sends the lot', async () => {
    const onClose = vi.fn();
    renderWithGates(<AddLotDialog streamId="s1" products={PRODUCTS} onClose={onClose} />);
    const picker = screen.getByRole('combobox', { name: 'Product' });
    expect(document.activeElement).toBe(picker);

    fireEvent.click(screen.getByRole('button', { name: 'Add to run sheet' }));
    await screen.findByText('Choose the product you are selling.');
    screen.getByText('Starting bid must be a positive amount.');
    await waitFor(() => expect(document.activeElement).toBe(picker));
    expect(call).not.toHaveBeenCalled();

    fireEvent.change(picker, { target: { value: 'p2' } });
    expect((screen.getByRole('textbox', { name: 'Starting bid for Oud perfume' }) as HTMLInputElement).value).toBe(
      '99.00',
    );
    call.mockResolvedValueOnce({ ...LOT, id: 'l2' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to run sheet' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(call.mock.calls[0]![1]).toEqual({
      params: { id: 's1' },
      body: { productId: 'p2', startingBid: 99_00, seconds: 30, closingStyle: 'sudden' },
    });
  });

  it('Add a lot: an unverified host gets the verify prompt, another refusal the server’s words, and the dialog stays', async () => {
    const onClose = vi.fn();
    const gates = renderWithGates(<AddLotDialog streamId="s1" products={PRODUCTS} onClose={onClose} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: 'p1' } });
    call.mockRejectedValueOnce(new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email first.'));
    fireEvent.click(screen.getByRole('button', { name: 'Add to run sheet' }));
    await waitFor(() => expect(gates).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();

    call.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'This product is already a lot of this show.'));
    fireEvent.click(screen.getByRole('button', { name: 'Add to run sheet' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This product is already a lot of this show.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Edit: keeps the lot’s terms, refuses a timer out of range on its field, and saves the new terms', async () => {
    const onClose = vi.fn();
    renderWithGates(<EditLotDialog streamId="s1" lot={LOT} onClose={onClose} />);
    const bid = screen.getByRole('textbox', { name: 'Starting bid for Falcon watch' }) as HTMLInputElement;
    const timer = screen.getByRole('textbox', { name: 'Timer (seconds) for Falcon watch' });
    expect(bid.value).toBe('100.00');
    fireEvent.change(timer, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText("A lot's timer must be a whole number of seconds from 10 to 600.");
    await waitFor(() => expect(document.activeElement).toBe(timer));
    expect(call).not.toHaveBeenCalled();

    fireEvent.change(timer, { target: { value: '45' } });
    call.mockResolvedValueOnce({ ...LOT, seconds: 45 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(call.mock.calls[0]![1]).toEqual({
      params: { id: 's1', lotId: 'l1' },
      body: { startingBid: 100_00, seconds: 45, closingStyle: 'sudden' },
    });
  });
});
