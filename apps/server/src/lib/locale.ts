import { isLocale, type Locale } from '@souq/shared';

/** The language an account chose (users.locale); null until it chose one. */
export const chosenLocale = (stored: string | null | undefined): Locale | null => (isLocale(stored) ? stored : null);

/** The language to write to a person in (mail, notifications): theirs, or English when they never chose. */
export const recipientLocale = (stored: string | null | undefined): Locale => chosenLocale(stored) ?? 'en';
