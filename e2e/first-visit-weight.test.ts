import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_JS_BUDGET, firstVisitWeight } from '../bench/support/first-visit.js';
import { root } from '../scripts/build-web.mjs';

/**
 * Issue 11's budget, held on every build (global-setup builds it): a first visit to the shop
 * downloads at most 120 KiB of JavaScript in either language, as served (brotli). The bytes only;
 * `npm run bench:vitals` measures the same visit on a throttled phone, headers and all.
 */
describe('the first visit to the shop', () => {
  const weight = firstVisitWeight(path.join(root, 'apps/web/dist'));
  it.each(['en', 'ar'] as const)('in %s carries at most 120 KiB of JavaScript', (language) => {
    expect(weight[language].jsBr).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET);
  });
});
