import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductSummary } from '@souq/shared';
import { renderWithGates } from '../../../test-support/gates';

const call = vi.fn();
vi.mock('../../../api/client', async (original) => ({
  ...(await original<typeof import('../../../api/client')>()),
  call: (...args: unknown[]) => call(...args),
}));
const { PinsManager, checkPin } = await import('./PinsManager');
const { ApiError } = await import('../../../api/client');

const P1 = '0b7c8a52-5f0e-4c8e-9a51-3e2d1c0b9a87';
const PRODUCTS = [
  { id: P1, title: 'Falcon watch', price: 120_00, image: { url: '/f.jpg', thumb: '/f.jpg' } },
] as unknown as ProductSummary[];

function renderManager() {
  const gates = renderWithGates(<PinsManager streamId="s1" pins={[]} products={PRODUCTS} lotted={new Set()} />);
  const manager = within(screen.getByTestId('pins-manager'));
  return { gates, manager };
}

const PLAIN = { flash: false, flashSeconds: '', perBuyer: '' };

describe('Buy It Now pins', () => {
  afterEach(() => {
    cleanup();
    call.mockReset();
  });

  it('are checked by the server’s PinSchema, amounts and stock read as typed', () => {
    expect(checkPin({ ...PLAIN, productId: P1, price: '٩٩٫٥٠', stock: '3' })).toEqual({
      ok: true,
      data: { productId: P1, price: 99_50, stock: 3 },
    });
    expect(checkPin({ ...PLAIN, productId: '', price: 'free', stock: '0' })).toEqual({
      ok: false,
      fields: {
        productId: 'Choose the product you are selling.',
        price: 'Price must be a positive number.',
        stock: 'Stock must be a whole number from 1 to 999.',
      },
    });
  });

  it('adds a flash sale’s clock and limit only when ticked, checked as the server checks them', () => {
    const flash = { productId: P1, price: '80', stock: '2', flash: true, flashSeconds: '٣٠', perBuyer: '2' };
    expect(checkPin(flash)).toEqual({
      ok: true,
      data: { productId: P1, price: 80_00, stock: 2, flashSeconds: 30, perBuyer: 2 },
    });
    expect(checkPin({ ...flash, flashSeconds: '5', perBuyer: '3' })).toEqual({
      ok: false,
      fields: {
        flashSeconds: 'A flash sale runs for 10 to 300 seconds.',
        perBuyer: 'The limit per buyer must be a whole number from 1 to the stock.',
      },
    });
    expect(checkPin({ ...flash, flash: false, flashSeconds: 'x' })).toEqual({
      ok: true,
      data: { productId: P1, price: 80_00, stock: 2 },
    });
  });

  it('says what is missing on its field, prices the pin at the shop price, and pins it', async () => {
    const { manager } = renderManager();
    const picker = manager.getByRole('combobox', { name: 'Product' });
    fireEvent.click(manager.getByRole('button', { name: 'Pin' }));
    await manager.findByText('Choose the product you are selling.');
    manager.getByText('Price must be a positive number.');
    await waitFor(() => expect(document.activeElement).toBe(picker));
    expect(call).not.toHaveBeenCalled();

    fireEvent.change(picker, { target: { value: P1 } });
    const price = manager.getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
    expect(price.value).toBe('120.00');
    call.mockResolvedValueOnce({ id: 'pin1', product: PRODUCTS[0], price: 120_00, stock: 1, sold: 0 });
    fireEvent.click(manager.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(price.value).toBe(''));
    expect(call.mock.calls[0]![1]).toEqual({
      params: { id: 's1' },
      body: { productId: P1, price: 120_00, stock: 1 },
    });
  });

  it('hands an unverified host to the verify prompt, and says another refusal in the server’s words', async () => {
    const { gates, manager } = renderManager();
    fireEvent.change(manager.getByRole('combobox', { name: 'Product' }), { target: { value: P1 } });
    call.mockRejectedValueOnce(new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email first.'));
    fireEvent.click(manager.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(gates).toHaveBeenCalledOnce());
    expect(manager.queryByRole('alert')).toBeNull();

    call.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'This product is already pinned.'));
    fireEvent.click(manager.getByRole('button', { name: 'Pin' }));
    expect((await manager.findByRole('alert')).textContent).toBe('This product is already pinned.');
  });
});
