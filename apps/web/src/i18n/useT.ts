import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { localizeMessage, type Locale } from '@souq/shared';
import { sharedWords, type MessageKey } from './catalogs';

export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The page's language, `t`, which takes only keys our English catalog has (catalogs/index.ts), and
 * `m`, which gives a shared message (MSG, the spec's English words, used by the browser's own
 * checks and by the server) in the page's language, as the server would (localizeMessage). Text it
 * does not know (a seller's words, a message the server already put in Arabic) is shown as it is.
 */
export function useT(): { t: Translate; m: (text: string) => string; locale: Locale } {
  const { i18n, _ } = useLingui();
  return useMemo(
    () => ({
      t: (key: MessageKey, values?: MessageValues) => _(key, values),
      m: (text: string) => {
        const words = sharedWords[i18n.locale as Locale];
        return words ? localizeMessage(text, i18n.locale as Locale, words) : text;
      },
      locale: i18n.locale as Locale,
    }),
    // `_` is new whenever the language changes, so everything using `t` renders again.
    [_, i18n],
  );
}
