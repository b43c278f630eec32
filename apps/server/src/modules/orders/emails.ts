import { formatAED, formatMoney, isLocale, type EMIRATES, type Order } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';

/** The seven emirates as docs/glossary.md writes them in Arabic. */
const EMIRATE_AR: Record<(typeof EMIRATES)[number], string> = {
  'Abu Dhabi': 'أبوظبي',
  Dubai: 'دبي',
  Sharjah: 'الشارقة',
  Ajman: 'عجمان',
  'Umm Al Quwain': 'أم القيوين',
  'Ras Al Khaimah': 'رأس الخيمة',
  Fujairah: 'الفجيرة',
};

/** Arabic counts its items with all six plural forms (Intl.PluralRules('ar')), Western digits. */
function itemsAr(n: number): string {
  switch (new Intl.PluralRules('ar').select(n)) {
    case 'zero':
      return 'لا منتجات';
    case 'one':
      return 'منتج واحد';
    case 'two':
      return 'منتجان';
    case 'few':
      return `${n} منتجات`;
    default:
      return `${n} منتج`;
  }
}

/**
 * The buyer's confirmation of a placed order, in their language (issue 29): what was bought, the
 * total with VAT, cash on delivery, where it goes, and a way to their orders.
 */
export function orderPlacedMail(publicUrl: string, to: string, username: string, order: Order, locale: unknown) {
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const link = `${publicUrl}/MyAccount?tab=orders`;
  const { area, emirate } = order.address;
  return localizedMail(to, link, isLocale(locale) ? locale : 'en', {
    en: {
      subject: 'Your Souq order is placed',
      intro: `Thank you, ${username}! We have your order (${items === 1 ? '1 item' : `${items} items`}) for ${formatAED(order.total)} including VAT, to be delivered to ${area}, ${emirate}.`,
      button: 'View my orders',
      outro: 'Cash on delivery: pay in cash when your order arrives. Its status is kept up to date in your account.',
    },
    ar: {
      subject: 'تم تقديم طلبك من Souq',
      intro: `شكرًا لك ${username}! استلمنا طلبك (${itemsAr(items)}) بإجمالي ${formatMoney(order.total, 'ar')} شامل ضريبة القيمة المضافة، والتوصيل إلى ${area}، ${EMIRATE_AR[emirate as (typeof EMIRATES)[number]] ?? emirate}.`,
      button: 'عرض طلباتي',
      outro: 'الدفع عند الاستلام: ادفع نقدًا عند وصول طلبك. نرسل إليك كل جديد عن حالة الطلب في حسابك.',
    },
  });
}
