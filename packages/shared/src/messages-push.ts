/**
 * The words of notification settings and push messages (issue 48). Part of `MSG` (messages.ts),
 * kept here so neither file runs long.
 */
export const PUSH_MSG = {
  pushEndpointInvalid: 'This device gave a push address Souq can’t use. Try again, or use another browser.',
  pushKeysInvalid: 'This device’s push keys are not valid. Try again, or use another browser.',
  pushSubscriptionNotFound: 'This device is not getting notifications.',
  notificationSettingsInvalid: 'Choose on or off for each kind of notification.',
} as const;
