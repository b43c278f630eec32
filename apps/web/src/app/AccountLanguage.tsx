import { useEffect, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { useRememberLocale, useSession } from '../features/auth/api';
import { LocaleProvider, useSwitchLocale, useT } from '../i18n';

/**
 * After sign-in the account's language, when it has one, replaces this device's (issue 29). An
 * account that has none yet (made before issue 29) takes this device's Arabic, so that its
 * notifications and mail, written in the account's language, are Arabic too.
 */
function FollowAccountLanguage() {
  const { user } = useSession();
  const { locale } = useT();
  const switchTo = useSwitchLocale();
  const remember = useRememberLocale();
  const chosen = user?.locale;
  const signedIn = Boolean(user);
  useEffect(() => {
    if (chosen && chosen !== locale) void switchTo(chosen, { remember: false });
    // English is what the server assumes of an account without a language: nothing to store.
    else if (signedIn && !chosen && locale === 'ar') remember(locale);
    // Only when the account's choice changes (a sign-in), not when this page switches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen, user?.id]);
  return null;
}

/** The page's language, kept on the account of whoever is signed in. */
export function AccountLanguage({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const remember = useRememberLocale();
  return (
    <LocaleProvider i18n={i18n} remember={remember}>
      <FollowAccountLanguage />
      {children}
    </LocaleProvider>
  );
}
