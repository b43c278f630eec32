import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Locale } from '@souq/shared';

export { EXPORT_SECTIONS, exportSections, type PhotoRef } from './export-sections.js';

const README = {
  en: (when: string) => `Your data from Souq
===================

Made on ${when} (UTC), at your request, under the UAE's Federal Decree-Law 45 of 2021 on the
protection of personal data.

Each .json file holds one part of what Souq keeps about you:

  account.json            your account, sign-in, language, tax details and signed-in devices
  addresses.json          the delivery addresses you gave with your orders
  orders.json             what you bought, its invoices, problems you raised, unpaid-item strikes
  sales.json              what you sold (with the buyer's username), invoices you issued
  bids.json               your bids, your maximum bids, pre-bids and second-chance offers
  chat.json               what you wrote in live shows
  reviews.json            the reviews and seller ratings you gave
  reports.json            the reports you made
  saved-searches.json     your saved searches
  offers.json             the offers you made on items, and the offers made on yours
  giveaways.json          the show giveaways you entered, and any you won
  notifications.json      your notifications
  notification-settings.json  what you switched off in Settings → Notifications, and the devices that get push messages
  follows-and-likes.json  whom you follow, what you liked, reminders and what you hid from your feed
  listings.json           your products, auctions and shows
  photos.json             the list of your photos, which are in the photos folder

Amounts are in fils (100 fils = AED 1). Times are UTC.
Other people appear only as you already saw them on Souq.
`,
  ar: (when: string) => `بياناتك من Souq
==============

أُعدّت في ${when} (بالتوقيت العالمي) بناءً على طلبك، وفق المرسوم بقانون اتحادي رقم 45 لسنة 2021
بشأن حماية البيانات الشخصية في دولة الإمارات.

يحتوي كل ملف ‎.json‎ على جزء مما يحتفظ به Souq عنك:

  account.json            حسابك وتسجيل الدخول واللغة وبياناتك الضريبية والأجهزة المسجّلة
  addresses.json          عناوين التوصيل التي قدّمتها مع طلباتك
  orders.json             مشترياتك وفواتيرها والمشكلات التي أبلغت عنها وإنذارات عدم الدفع
  sales.json              مبيعاتك (مع اسم مستخدم المشتري) والفواتير التي أصدرتها
  bids.json               مزايداتك والحدود القصوى والمزايدات المسبقة وعروض الفرصة الثانية
  chat.json               ما كتبته في العروض المباشرة
  reviews.json            المراجعات وتقييمات البائعين التي كتبتها
  reports.json            البلاغات التي قدّمتها
  saved-searches.json     عمليات البحث المحفوظة
  offers.json             عروض الأسعار التي قدّمتها على المنتجات، والعروض المقدّمة على منتجاتك
  giveaways.json          السحوبات التي شاركت فيها في العروض المباشرة، وما ربحته منها
  notifications.json      إشعاراتك
  notification-settings.json  ما أوقفته في الإعدادات ← الإشعارات، والأجهزة التي تتلقى الإشعارات الفورية
  follows-and-likes.json  من تتابعهم وما أعجبك والتذكيرات وما أخفيته من صفحتك
  listings.json           منتجاتك ومزاداتك وعروضك
  photos.json             قائمة صورك، وهي في مجلد photos

المبالغ بالفلس (100 فلس = 1 درهم). الأوقات بالتوقيت العالمي.
يظهر الآخرون فقط كما رأيتهم من قبل على Souq.
`,
};

/** The ZIP: README in the person's language, the JSON sections, and the photos (stored as they are). */
export function buildZip(
  sections: Record<string, unknown>,
  photos: Array<{ path: string; data: Buffer }>,
  locale: Locale,
  when: string,
): Buffer {
  const files: Zippable = { 'README.txt': strToU8(README[locale](when)) };
  for (const [name, value] of Object.entries(sections)) files[name] = strToU8(JSON.stringify(value, null, 2));
  // WebP is already compressed: stored, not deflated again.
  for (const p of photos) files[p.path] = [new Uint8Array(p.data), { level: 0 }];
  return Buffer.from(zipSync(files, { level: 6 }));
}
