import { describe, expect, it } from 'vitest';
import { localizeMessage, MSG } from '@souq/shared';
import { ARABIC } from '@souq/shared/i18n/ar';
import { catalogsFor, loadCatalog, loadRestOfCatalog, sharedWords } from './index';

describe("the server's words in an Arabic page", () => {
  it('a first screen carries its share; the rest arrive with the rest of the catalog, and then every message reads as the server says it', async () => {
    await loadCatalog('ar');
    const first = sharedWords.ar!;
    expect(localizeMessage(MSG.invalidEmail, 'ar', first)).toBe(ARABIC.messages.invalidEmail);
    // An offer's message is not a first screen's: English until the rest comes, never blank.
    expect(localizeMessage(MSG.offerBelowPrice, 'ar', first)).toBe(MSG.offerBelowPrice);

    catalogsFor({ locale: 'ar', load: () => undefined } as never);
    await loadRestOfCatalog();
    const all = sharedWords.ar!;
    for (const key of Object.keys(MSG) as Array<keyof typeof MSG>)
      expect(localizeMessage(MSG[key], 'ar', all), key).toBe(ARABIC.messages[key]);
    expect(localizeMessage("You can't pay cash on delivery until 2026-12-01: x", 'ar', all)).not.toMatch(/^You/);
  });
});
