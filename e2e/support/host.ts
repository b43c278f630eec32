import type { Page } from 'playwright-core';
import { expect } from 'vitest';

interface GoLive {
  title: string;
  product: string;
  minutes?: string;
  startingBid?: string;
}

/** Fills /livestream-host's title and length and chooses the product on sale; the caller presses Start. */
async function fillHostForm(host: Page, { title, product, minutes = '5' }: GoLive) {
  await host.goto('/livestream-host');
  const form = host.getByTestId('host-form');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Bidding duration (minutes)').fill(minutes);
  await form.getByLabel('Product on sale').selectOption({ label: product });
  return form;
}

/** Waits for the host's screen after Start and returns the stream's id from its address. */
async function streamIdOf(host: Page): Promise<string> {
  await host.getByTestId('host-screen').waitFor({ timeout: 20_000 });
  const search = () => host.evaluate(() => location.search);
  await expect.poll(search).toMatch(/^\?stream=[0-9a-f-]{36}$/);
  return (await search()).split('=')[1]!;
}

/**
 * Goes live from /livestream-host (in English) the spec's way: a title, the length, one product
 * chosen, Start. Bidding is open at once for the whole stream. Returns the stream's id.
 */
export async function goLiveSelling(host: Page, options: GoLive): Promise<string> {
  const form = await fillHostForm(host, options);
  if (options.startingBid) await form.getByLabel('Starting bid').fill(options.startingBid);
  await form.getByTestId('start-stream').click();
  return streamIdOf(host);
}

/**
 * Goes live with a run sheet of one lot on its own timer (seconds), then starts that lot: a show
 * whose lot sells before the stream ends. Returns the stream's id.
 */
export async function goLiveWithLot(
  host: Page,
  { seconds = '600', startingBid = '100', ...options }: GoLive & { seconds?: string },
): Promise<string> {
  const form = await fillHostForm(host, options);
  await form.getByTestId('add-lot').click();
  await form.getByLabel(`Starting bid for ${options.product}`).fill(startingBid);
  await form.getByLabel(`Timer (seconds) for ${options.product}`).fill(seconds);
  await form.getByTestId('start-stream').click();
  const id = await streamIdOf(host);
  await host.getByTestId('start-next-lot').click();
  await host.getByTestId('lot-running').waitFor();
  return id;
}

/** The host presses End Stream and confirms it in the dialog; their screen then offers the way back. */
export async function endStream(host: Page): Promise<void> {
  await host.getByTestId('end-stream').click();
  await host.getByRole('dialog', { name: 'End the stream now?' }).getByRole('button', { name: 'End Stream' }).click();
  await host.getByRole('link', { name: 'Return to Auctions' }).waitFor();
}
