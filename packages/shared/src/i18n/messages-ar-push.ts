import type { PUSH_MSG } from '../messages-push.js';

/** `PUSH_MSG` in Arabic (issue 48): part of `MSG_AR` (messages-ar.ts). */
export const PUSH_MSG_AR: Record<keyof typeof PUSH_MSG, string> = {
  pushEndpointInvalid: 'أعطى هذا الجهاز عنوان إشعارات لا يستطيع Souq استخدامه. حاول مرة أخرى، أو استخدم متصفحًا آخر.',
  pushKeysInvalid: 'مفاتيح الإشعارات في هذا الجهاز غير صالحة. حاول مرة أخرى، أو استخدم متصفحًا آخر.',
  pushSubscriptionNotFound: 'هذا الجهاز لا يتلقى الإشعارات.',
  notificationSettingsInvalid: 'اختر تشغيل أو إيقاف لكل نوع من الإشعارات.',
};
