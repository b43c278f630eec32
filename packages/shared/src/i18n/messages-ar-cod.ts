import type { COD_MSG } from '../messages-cod.js';

/** `COD_MSG` in Arabic (issue 46): part of `MSG_AR` (messages-ar.ts). */
export const COD_MSG_AR: Record<keyof typeof COD_MSG, string> = {
  invalidMobile: 'أدخل رقم جوال إماراتيًا أو خليجيًا، مثل 050 123 4567.',
  buildingRequired: 'يرجى إدخال اسم المبنى أو رقم الفيلا.',
  buildingTooLong: 'يجب ألا يتجاوز المبنى أو الفيلا 100 حرف.',
  flatTooLong: 'يجب ألا تتجاوز الشقة 20 حرفًا.',
  landmarkTooLong: 'يجب ألا يتجاوز المعلم القريب 200 حرف.',
  locationOutsideUae: 'اختر موقعًا داخل الإمارات.',
  invalidMakani: 'رقم مكاني مكوّن من 10 أرقام.',
  addressNotFound: 'لم يعد هذا العنوان في دفتر عناوينك.',
  addressBookFull: 'دفتر عناوينك ممتلئ: احذف عنوانًا لتضيف غيره.',
  chooseDeliveryOutcome: 'اختر ما حدث عند الباب.',
  refusalReasonRequired: 'اكتب السبب الذي ذكره المشتري لرفض الطلب.',
  attemptReasonTooLong: 'يرجى ألا يتجاوز السبب 300 حرف.',
  attemptNeedsShipped: 'علّمه مشحونًا قبل تسجيل محاولة توصيل.',
  attemptOnFinished: 'هذه المبيعة سُلّمت أو أُلغيت من قبل.',
  deliveryFailedTooEarly: 'يمكنك الإلغاء بسبب تعذّر التوصيل بعد محاولتَي توصيل فاشلتين.',
  attemptNotFound: 'لم يُعثر على محاولة التوصيل هذه.',
  deliveryReplyRequired: 'أخبر البائع متى يأتي، أو ما الذي يجب تصحيحه.',
  deliveryReplyTooLong: 'يرجى ألا تتجاوز ملاحظتك 500 حرف.',
  replyOnlyToFailed: 'لا يمكن الرد إلا على محاولة توصيل فاشلة.',
  replyTwice: 'سبق أن رددت على هذه المحاولة.',
  disputeNoteRequired: 'أخبرنا بما حدث عند الباب، في 10 أحرف على الأقل.',
  disputeOnlyRefusal: 'لا يمكن الاعتراض إلا على رفض استلام.',
  disputeTooLate: 'انقضت مهلة الـ48 ساعة للاعتراض على هذا الرفض.',
  disputeTwice: 'سبق أن اعترضت على هذا الرفض.',
  chooseRefusalDecision: 'اختر هل يبقى الرفض أم يُسحب.',
  refusalNotDisputed: 'هذا الرفض لا ينتظر قرارًا.',
  codNotBlocked: 'يستطيع هذا المشتري الدفع عند الاستلام من قبل.',
};

/** Cash on delivery's refusals in Arabic (issue 46): the date as written, and checkout closed until then. */
export const codBlockedUntilAr = (date: string) =>
  `لا يمكنك الدفع عند الاستلام حتى ${date}: رُفض استلام طلبات لك عند الباب. الدفع عند الاستلام هو طريقة الدفع الوحيدة في Souq، لذا لا يمكنك إتمام الشراء حتى ذلك اليوم.`;

/** An order over COD_MAX_AED, the maximum already in Arabic. */
export const codOrderTooLargeAr = (maximum: string) =>
  `الدفع عند الاستلام للطلبات حتى ${maximum}. احذف شيئًا من سلتك لإتمام الشراء.`;

/** A buyer at COD_MAX_OPEN_ORDERS. */
export const codTooManyOpenAr = (count: string) =>
  `لديك ${count} طلبات بانتظار التوصيل. أتمم الشراء مجددًا بعد وصول أحدها.`;
