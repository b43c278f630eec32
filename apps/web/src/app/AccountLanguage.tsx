import { useEffect, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { useRememberLocale, useSession } from '../features/auth/api';
import { LocaleProvider, useSwitchLocale, useT } from '../i18n';

/** After sign-in the account's language, when it has one, replaces this device's (issue 29). */
function FollowAccountLanguage() {
  const { user } = useSession();
  const { locale } = useT();
  const switchTo = useSwitchLocale();
  const chosen = user?.locale;
  useEffect(() => {
    if (chosen && chosen !== locale) void switchTo(chosen, { remember: false });
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
