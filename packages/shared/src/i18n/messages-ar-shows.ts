import type { SHOW_PROMO_MSG } from '../messages-shows.js';

/** `SHOW_PROMO_MSG` in Arabic (issue 47): part of `MSG_AR` (messages-ar.ts). */
export const SHOW_PROMO_MSG_AR: Record<keyof typeof SHOW_PROMO_MSG, string> = {
  flashSecondsRange: 'يستمر العرض الخاطف من 10 إلى 300 ثانية.',
  flashPerBuyerRange: 'يجب أن يكون الحد لكل مشترٍ عددًا صحيحًا من 1 حتى الكمية المتاحة.',
  flashPriceNotLower: 'يجب أن يكون سعر العرض الخاطف أقل من سعر المتجر.',
  flashNeedsLive: 'ابدأ العرض المباشر قبل تشغيل عرض خاطف.',
  flashEnded: 'انتهى هذا العرض الخاطف.',
  flashLimitReached: 'اشتريت الحد الأقصى الذي يسمح به هذا العرض الخاطف.',
  giveawaySecondsRange: 'تستمر الهدية المجانية من 15 ثانية إلى 10 دقائق.',
  giveawayEligibilityInvalid: 'اختر من يحق له المشاركة.',
  giveawayFeeInvalid: 'أدخل رسوم توصيل من 0 إلى 100 د.إ.',
  giveawayTermsRequired: 'أكِّد أنك تلتزم بأنظمة المسابقات والجوائز الترويجية.',
  giveawayNeedsLive: 'ابدأ العرض المباشر قبل تشغيل هدية مجانية.',
  giveawayRunning: 'توجد هدية مجانية جارية في هذا العرض.',
  giveawayNotFound: 'لم يتم العثور على هذه الهدية المجانية.',
  giveawayEnded: 'انتهت هذه الهدية المجانية.',
  giveawayEnteredAlready: 'سبق أن شاركت في هذه الهدية المجانية.',
  giveawayHostCannotEnter: 'لا يمكنك المشاركة في هديتك المجانية.',
  giveawayFollowersOnly: 'هذه الهدية المجانية لمتابعي البائع: تابِعه لتشارك.',
  giveawayBuyersOnly: 'هذه الهدية المجانية لمن اشترى في هذا العرض.',
  replayNotWebm: 'يجب أن يكون التسجيل فيديو بصيغة WebM.',
  replayPieceTooLarge: 'يجب ألا يتجاوز جزء التسجيل 16 ميغابايت.',
  replayFromStart: 'أرسل التسجيل بدءًا من جزئه الأول.',
  replayFinished: 'اكتمل تسجيل هذا العرض بالفعل.',
  replayNotFound: 'لا توجد إعادة مشاهدة لهذا العرض.',
  replayStartedElsewhere: 'بدأ تسجيل هذا العرض في صفحة سابقة، ويُحتفظ بما أرسلته تلك الصفحة.',
};
