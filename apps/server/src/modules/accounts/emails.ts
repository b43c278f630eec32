import type { Locale } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';

/** In the recipient's language (issue 29); the words follow docs/glossary.md. */
export const verificationMail = (to: string, username: string, link: string, locale: Locale = 'en') =>
  localizedMail(to, link, locale, {
    en: {
      subject: 'Verify your email for Souq',
      intro: `Hi ${username}, welcome to Souq! Please confirm that this is your email address.`,
      button: 'Verify email',
      outro: 'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    },
    ar: {
      subject: 'أكّد بريدك الإلكتروني في Souq',
      intro: `مرحبًا ${username}، أهلًا بك في Souq! يرجى تأكيد أن هذا هو عنوان بريدك الإلكتروني.`,
      button: 'تأكيد البريد الإلكتروني',
      outro: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 24 ساعة. إذا لم تُنشئ حسابًا، فتجاهل هذه الرسالة.',
    },
  });

export const passwordResetMail = (to: string, username: string, link: string, locale: Locale = 'en') =>
  localizedMail(to, link, locale, {
    en: {
      subject: 'Reset your Souq password',
      intro: `Hi ${username}, we received a request to reset your password.`,
      button: 'Choose a new password',
      outro:
        'The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
    },
    ar: {
      subject: 'إعادة تعيين كلمة المرور في Souq',
      intro: `مرحبًا ${username}، تلقّينا طلبًا لإعادة تعيين كلمة المرور الخاصة بك.`,
      button: 'اختيار كلمة مرور جديدة',
      outro:
        'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة واحدة. إذا لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.',
    },
  });
