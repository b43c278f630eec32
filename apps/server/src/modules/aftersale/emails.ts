import type { AnswerKind, Decision, Locale, ProblemKind } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';

/**
 * The words of every after-sale notice (issue 31), bell and mail alike, in the recipient's own
 * language; the Arabic follows docs/glossary.md. Titles are quoted with «…» in Arabic.
 */
export type AftersaleNotice =
  | { kind: 'late'; title: string; seller: string }
  | { kind: 'cancelled'; title: string; buyer: string }
  | { kind: 'opened'; title: string; buyer: string; problem: ProblemKind }
  | { kind: 'answered'; title: string; seller: string; answer: AnswerKind }
  | { kind: 'unanswered'; title: string; seller: string }
  | { kind: 'escalated'; title: string; buyer: string }
  | { kind: 'decided'; title: string; decision: Decision; reason: string };

/** Buyers follow their orders, sellers their sales: each notice opens the page that person acts on. */
export const ORDERS_PATH = '/MyAccount?tab=orders';
export const SALES_PATH = '/MyAccount?tab=sales';

const PROBLEM_EN: Record<ProblemKind, string> = { not_received: 'not received', not_as_described: 'not as described' };
const PROBLEM_AR: Record<ProblemKind, string> = { not_received: 'لم يصل', not_as_described: 'غير مطابق للوصف' };
const ANSWER_EN: Record<AnswerKind, string> = {
  refund: 'agreed to a refund',
  return: 'agreed to a return',
  reply: 'replied',
};
const ANSWER_AR: Record<AnswerKind, string> = {
  refund: 'وافق على استرداد المبلغ',
  return: 'وافق على الإرجاع',
  reply: 'ردّ',
};

/** The bell's title and body. */
export function noticeText(n: AftersaleNotice, locale: Locale): { title: string; body: string } {
  if (locale === 'ar') {
    switch (n.kind) {
      case 'late':
        return {
          title: `تأخر شحن «${n.title}»`,
          body: `لم يشحن ${n.seller} طلبك في الموعد. يمكنك إلغاء هذا المنتج من طلباتك.`,
        };
      case 'cancelled':
        return { title: `ألغى المشتري «${n.title}»`, body: `ألغى ${n.buyer} هذا المنتج لأنه لم يُشحن في الموعد.` };
      case 'opened':
        return {
          title: `مشكلة في «${n.title}»`,
          body: `أبلغ ${n.buyer} أن المنتج ${PROBLEM_AR[n.problem]}. يرجى الرد خلال المهلة.`,
        };
      case 'answered':
        return { title: `رد على مشكلتك في «${n.title}»`, body: `${ANSWER_AR[n.answer]} ${n.seller} على مشكلتك.` };
      case 'unanswered':
        return {
          title: `لا رد على مشكلتك في «${n.title}»`,
          body: `لم يرد ${n.seller} على مشكلتك في المهلة. يمكنك الآن أن تطلب من فريق Souq أن يقرر فيها من طلباتك.`,
        };
      case 'escalated':
        return { title: `تصعيد مشكلة «${n.title}»`, body: `طلب ${n.buyer} من فريق Souq أن يقرر في المشكلة.` };
      case 'decided':
        return {
          title: `قرار في مشكلة «${n.title}»`,
          body: `قرر فريق Souq لصالح ${n.decision === 'buyer' ? 'المشتري' : 'البائع'}: ${n.reason}`,
        };
    }
  }
  switch (n.kind) {
    case 'late':
      return {
        title: `"${n.title}" is late`,
        body: `${n.seller} has not shipped it in time. You may cancel it from your orders.`,
      };
    case 'cancelled':
      return {
        title: `The buyer cancelled "${n.title}"`,
        body: `${n.buyer} cancelled it because it was not shipped in time.`,
      };
    case 'opened':
      return {
        title: `A problem with "${n.title}"`,
        body: `${n.buyer} says it was ${PROBLEM_EN[n.problem]}. Please answer in time.`,
      };
    case 'answered':
      return { title: `An answer about "${n.title}"`, body: `${n.seller} ${ANSWER_EN[n.answer]} to your problem.` };
    case 'unanswered':
      return {
        title: `No answer about "${n.title}"`,
        body: `${n.seller} did not answer your problem in time. You may now ask Souq staff to decide it from your orders.`,
      };
    case 'escalated':
      return { title: `"${n.title}" goes to Souq staff`, body: `${n.buyer} asked Souq staff to decide the problem.` };
    case 'decided':
      return {
        title: `A decision on "${n.title}"`,
        body: `Souq staff decided for the ${n.decision}: ${n.reason}`,
      };
  }
}

/** The same notice as a mail, with a button to the page where the person sees it. */
export function noticeMail(
  publicUrl: string,
  to: string,
  username: string,
  n: AftersaleNotice,
  path: string,
  locale: Locale,
) {
  const en = noticeText(n, 'en');
  const ar = noticeText(n, 'ar');
  const orders = path === ORDERS_PATH;
  return localizedMail(to, publicUrl + path, locale, {
    en: {
      subject: en.title,
      intro: `Hi ${username}, ${en.body}`,
      button: orders ? 'View my orders' : 'View my sales',
      outro: 'You are getting this because you are part of this order on Souq.',
    },
    ar: {
      subject: ar.title,
      intro: `مرحبًا ${username}، ${ar.body}`,
      button: orders ? 'عرض طلباتي' : 'عرض المبيعات',
      outro: 'تصلك هذه الرسالة لأنك طرف في هذا الطلب على Souq.',
    },
  });
}
