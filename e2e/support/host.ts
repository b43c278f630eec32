import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Goes live from /livestream-host (the host's page in English) selling one product, as the
 * single-product stream did: a run sheet of one lot whose timer (by default the longest, 600 s)
 * outlasts a short show, started at once. Returns the stream's id.
 */
export async function goLiveSelling(
  host: Page,
  {
    title,
    product,
    minutes = '5',
    startingBid = '100',
    seconds = '600',
  }: { title: string; product: string; minutes?: string; startingBid?: string; seconds?: string },
): Promise<string> {
  await host.goto('/livestream-host');
  const form = host.getByTestId('host-form');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Bidding duration (minutes)').fill(minutes);
  await form.getByLabel('Add a product as a lot').selectOption({ label: product });
  await form.getByTestId('add-lot').click();
  await form.getByLabel(`Starting bid for ${product}`).fill(startingBid);
  await form.getByLabel(`Timer (seconds) for ${product}`).fill(seconds);
  await form.getByTestId('start-stream').click();
  await host.getByTestId('host-screen').waitFor({ timeout: 20_000 });
  const search = () => host.evaluate(() => location.search);
  await expect.poll(search).toMatch(/^\?stream=[0-9a-f-]{36}$/);
  await host.getByTestId('start-next-lot').click();
  await host.getByTestId('lot-running').waitFor();
  return (await search()).split('=')[1]!;
}
