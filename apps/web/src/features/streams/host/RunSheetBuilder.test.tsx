import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductSummary } from '@souq/shared';
import { renderInLocale } from '../../../test-support/i18n';
import { gulfInputValue } from '../../../components/dates';

const product = (id: string, title: string, price: number): ProductSummary =>
  ({
    id,
    title,
    titleAr: null,
    category: 'Electronics',
    price,
    previousPrice: null,
    rating: 0,
    reviewCount: 0,
    likeCount: 0,
    image: { url: '', thumb: '' },
    ownerId: 'h1',
    isAuction: false,
    auctionId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  }) as ProductSummary;

const PRODUCTS = [
  product('p1', 'Oud perfume', 250_00),
  product('p2', 'Silk scarf', 90_00),
  product('p3', 'Brass lamp', 400_00),
];

/** A week from now, to the minute, in Gulf time: a start time the form takes. */
const NEXT_WEEK = gulfInputValue(Date.now() + 7 * 86_400_000);

const mutateAsync = vi.fn();
vi.mock('../api', () => ({
  useSellableProducts: () => ({ data: PRODUCTS, isPending: false, isSuccess: true }),
  useStartStream: () => ({ mutateAsync }),
}));
vi.mock('../media', () => ({
  useDeviceCheck: () => ({ checked: true, camera: true, microphone: true }),
  captureHostMedia: () => Promise.resolve({ getTracks: () => [] }),
  captureCamera: () => Promise.reject(new Error('no camera in tests')),
  mediaErrorText: (message: string) => message,
  stopMedia: () => undefined,
}));
const { HostSetup } = await import('../HostSetup');

function renderSetup(locale: 'en' | 'ar' = 'en') {
  const onStarted = vi.fn();
  renderInLocale(<HostSetup hostId="h1" verified onNeedVerify={() => undefined} onStarted={onStarted} />, { locale });
  return { onStarted };
}

const titles = () => screen.queryAllByTestId('draft-lot').map((row) => row.querySelector('bdi')?.textContent);

function addLot(title: string, label = 'Product on sale') {
  fireEvent.change(screen.getByLabelText(label), {
    target: { value: PRODUCTS.find((p) => p.title === title)!.id },
  });
  fireEvent.click(screen.getByTestId('add-lot'));
}

describe('the run sheet builder', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    mutateAsync.mockReset();
  });

  it('adds products as lots (each once), moves them up and down, and removes them', () => {
    renderSetup();
    // No run sheet until there is a lot: one product and Start is the first path.
    expect(screen.queryByTestId('run-sheet-builder')).toBeNull();
    addLot('Oud perfume');
    addLot('Silk scarf');
    addLot('Brass lamp');
    expect(titles()).toEqual(['Oud perfume', 'Silk scarf', 'Brass lamp']);
    // A product on the sheet is not offered again.
    const options = [...(screen.getByLabelText('Product on sale') as HTMLSelectElement).options];
    expect(options.map((o) => o.value)).toEqual(['']);
    // The first cannot go up, the last cannot go down.
    expect((screen.getByRole('button', { name: 'Move Oud perfume up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Brass lamp down' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Brass lamp up' }));
    expect(titles()).toEqual(['Oud perfume', 'Brass lamp', 'Silk scarf']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Oud perfume down' }));
    expect(titles()).toEqual(['Brass lamp', 'Oud perfume', 'Silk scarf']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Oud perfume from the run sheet' }));
    expect(titles()).toEqual(['Brass lamp', 'Silk scarf']);
    // Focus goes back to the picker, and the removed product is offered again.
    expect(document.activeElement).toBe(screen.getByLabelText('Product on sale'));
    expect(screen.getByRole('option', { name: 'Oud perfume' })).toBeTruthy();
  });

  it('refuses an empty run sheet and a wrong timer, in the exact words', async () => {
    renderSetup();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Friday finds' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    // The time takes focus on the next animation frame: once it has, that frame cannot take focus
    // from the field a later refusal moves it to (jsdom's frames can come late on a loaded machine).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Start time (Gulf time)')), {
      timeout: 5000,
    });
    fireEvent.change(screen.getByLabelText('Start time (Gulf time)'), { target: { value: NEXT_WEEK } });
    fireEvent.submit(screen.getByTestId('host-form'));
    expect(await screen.findByText('Choose the product you are selling.')).toBeTruthy();
    addLot('Silk scarf');
    fireEvent.change(screen.getByLabelText('Timer (seconds) for Silk scarf'), { target: { value: '5' } });
    fireEvent.submit(screen.getByTestId('host-form'));
    expect(await screen.findByText("A lot's timer must be a whole number of seconds from 10 to 600.")).toBeTruthy();
    // Focus moves after the refusal renders; on a loaded machine that can take longer than waitFor's default second.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Timer (seconds) for Silk scarf')), {
      timeout: 5000,
    });
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('one product and Start: sent as the one-product stream, its price as the starting bid, no lots field', async () => {
    mutateAsync.mockResolvedValueOnce({ id: 's1' });
    const { onStarted } = renderSetup();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Oud night' } });
    fireEvent.change(screen.getByLabelText('Product on sale'), { target: { value: 'p1' } });
    expect((screen.getByLabelText('Starting bid') as HTMLInputElement).value).toBe('250.00');
    expect(screen.getByTestId('product-note').textContent).toBe(
      'Bidding opens as soon as you go live and runs for the whole stream.',
    );
    fireEvent.submit(screen.getByTestId('host-form'));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('s1', expect.anything()));
    const form = (mutateAsync.mock.calls[0]![0] as { form: FormData }).form;
    expect(form.get('productId')).toBe('p1');
    expect(form.get('startingBid')).toBe('25000');
    expect(form.get('lots')).toBeNull();
  });

  it('a product chosen with lots on the sheet joins them as the last lot, and says so', async () => {
    mutateAsync.mockResolvedValueOnce({ id: 's2' });
    renderSetup();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Two lots' } });
    addLot('Silk scarf');
    fireEvent.change(screen.getByLabelText('Product on sale'), { target: { value: 'p3' } });
    // The lot's own terms apply: no starting bid beside the picker.
    expect(document.querySelector('.product-on-sale [name="startingBid"]')).toBeNull();
    expect(screen.getByTestId('product-note').textContent).toBe('Start adds Brass lamp as the last lot (lot 2).');
    fireEvent.submit(screen.getByTestId('host-form'));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalled());
    const form = (mutateAsync.mock.calls[0]![0] as { form: FormData }).form;
    expect(form.get('productId')).toBeNull();
    expect(JSON.parse(form.get('lots') as string).map((l: { productId: string }) => l.productId)).toEqual(['p2', 'p3']);
  });

  it('refuses a starting bid that is not a positive amount, on the field', async () => {
    renderSetup();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Oud night' } });
    fireEvent.change(screen.getByLabelText('Product on sale'), { target: { value: 'p1' } });
    fireEvent.change(screen.getByLabelText('Starting bid'), { target: { value: '0' } });
    fireEvent.submit(screen.getByTestId('host-form'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Starting bid')), { timeout: 5000 });
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('sends the run sheet as the lots field, amounts in fils and Arabic-Indic digits read, with the Gulf start time', async () => {
    mutateAsync.mockResolvedValueOnce({ id: 's9' });
    const { onStarted } = renderSetup();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Friday finds ' } });
    addLot('Oud perfume');
    addLot('Silk scarf');
    fireEvent.change(screen.getByLabelText('Starting bid for Silk scarf'), { target: { value: '١٢٠٫٥٠' } });
    fireEvent.change(screen.getByLabelText('Timer (seconds) for Silk scarf'), { target: { value: '٤٥' } });
    fireEvent.change(screen.getByLabelText('Closing style for Silk scarf'), { target: { value: 'soft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move Silk scarf up' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    fireEvent.change(screen.getByLabelText('Start time (Gulf time)'), { target: { value: NEXT_WEEK } });
    expect(screen.getByTestId('start-stream').textContent).toBe('Schedule show');
    fireEvent.submit(screen.getByTestId('host-form'));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('s9', null));
    const form = (mutateAsync.mock.calls[0]![0] as { form: FormData }).form;
    expect(form.get('title')).toBe('Friday finds');
    expect(form.get('scheduledFor')).toBe(`${NEXT_WEEK}:00+04:00`);
    expect(form.get('productId')).toBeNull();
    expect(JSON.parse(form.get('lots') as string)).toEqual([
      { productId: 'p2', startingBid: 120_50, seconds: 45, closingStyle: 'soft' },
      { productId: 'p1', startingBid: 250_00, seconds: 30, closingStyle: 'sudden' },
    ]);
  });

  it('speaks Arabic', () => {
    renderSetup('ar');
    addLot('Oud perfume', 'المنتج المعروض للبيع');
    expect(screen.getByText('قائمة العرض')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'جدولة لوقت لاحق' })).toBeTruthy();
  });
});
