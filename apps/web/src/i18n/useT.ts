import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import type { Locale } from '@souq/shared';
import type { MessageKey } from './catalogs';

export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The page's language, `t`, which takes only keys our English catalog has (catalogs/index.ts), and
 * `m`, which gives a shared message (MSG, the spec's English words, used by the browser's own
 * checks and by the server) in the page's language: the Arabic catalog holds each under its
 * English text. Text it does not know (a seller's words, a message the server already put in
 * Arabic) is shown as it is.
 */
export function useT(): { t: Translate; m: (text: string) => string; locale: Locale } {
  const { i18n, _ } = useLingui();
  return useMemo(
    () => ({
      t: (key: MessageKey, values?: MessageValues) => _(key, values),
      m: (text: string) => (i18n.messages[text] === undefined ? text : _(text)),
      locale: i18n.locale as Locale,
    }),
    // `_` is new whenever the language changes, so everything using `t` renders again.
    [_, i18n],
  );
}
