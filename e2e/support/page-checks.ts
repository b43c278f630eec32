import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The <video> decodes frames and its time moves on: the picture is really arriving. */
export async function seesVideo(page: Page, testId: string): Promise<void> {
  const video = page.getByTestId(testId);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(before);
}

/** axe-core on the page's main content: no WCAG 2 A/AA violations. */
export async function axeClean(page: Page): Promise<void> {
  // Through the debugger, not a <script>: the app's CSP rightly refuses inline scripts.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run({ include: [['main']] }, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  expect(violations).toEqual([]);
}
