import type { Locale } from '@souq/shared';
import { actionMail } from '../../adapters/mail/templates.js';

/** In the recipient's language (issue 29); the words follow docs/glossary.md. */
export const verificationMail = (to: string, username: string, link: string, locale: Locale = 'en') =>
  locale === 'ar'
    ? actionMail(
        to,
        'أكّد بريدك الإلكتروني في Souq',
        `مرحبًا ${username}، أهلًا بك في Souq! يرجى تأكيد أن هذا هو عنوان بريدك الإلكتروني.`,
        'تأكيد البريد الإلكتروني',
        link,
        'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 24 ساعة. إذا لم تُنشئ حسابًا، فتجاهل هذه الرسالة.',
        'ar',
      )
    : actionMail(
        to,
        'Verify your email for Souq',
        `Hi ${username}, welcome to Souq! Please confirm that this is your email address.`,
        'Verify email',
        link,
        'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
      );

export const passwordResetMail = (to: string, username: string, link: string, locale: Locale = 'en') =>
  locale === 'ar'
    ? actionMail(
        to,
        'إعادة تعيين كلمة المرور في Souq',
        `مرحبًا ${username}، تلقّينا طلبًا لإعادة تعيين كلمة المرور الخاصة بك.`,
        'اختيار كلمة مرور جديدة',
        link,
        'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة واحدة. إذا لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.',
        'ar',
      )
    : actionMail(
        to,
        'Reset your Souq password',
        `Hi ${username}, we received a request to reset your password.`,
        'Choose a new password',
        link,
        'The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
      );
