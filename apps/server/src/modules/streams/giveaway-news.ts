import { formatMoney, type Locale } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';
import type { OnCommit } from '../../lib/after-commit.js';
import { recipientLocale } from '../../lib/locale.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { GiveawaysDeps } from './giveaways.js';
import { showPath } from './reminders.js';

/** Where the winner gives their address: their orders, where the show's order waits for it. */
const ORDERS_PATH = '/MyAccount?tab=orders';

/** The bell's and the mail's words for the winner, in their language (docs/glossary.md). */
const wonWords = (locale: Locale, title: string, fee: number) => {
  const charge = formatMoney(fee, locale);
  return locale === 'ar'
    ? {
        title: `فزت في الهدية المجانية: ${title}`,
        body:
          fee > 0
            ? `أُضيف ${title} إلى طلبك من العرض بسعر 0 د.إ، مع رسوم توصيل ${charge}. أضف عنوانك لإتمامه.`
            : `أُضيف ${title} إلى طلبك من العرض بسعر 0 د.إ مع توصيل مجاني. أضف عنوانك لإتمامه.`,
        button: 'إضافة عنواني',
        feeLine: `توصيل الهدية: ${title}`,
      }
    : {
        title: `You won the giveaway: ${title}`,
        body:
          fee > 0
            ? `${title} is in your order from the show at AED 0, with ${charge} for delivery. Add your address to complete it.`
            : `${title} is in your order from the show at AED 0, with free delivery. Add your address to complete it.`,
        button: 'Add my address',
        feeLine: `Giveaway delivery: ${title}`,
      };
};

/**
 * Tells the winner in the draw's transaction (the bell) and once it has committed (the mail), in
 * their language; the delivery charge's line is named in it too.
 */
export async function tellWinner(
  deps: Pick<GiveawaysDeps, 'ports' | 'mailLater' | 'publicUrl'>,
  trx: Transaction<DB>,
  onCommit: OnCommit,
  won: { winnerId: string; streamId: string; title: string; deliveryFee: number; addFee(title: string): Promise<void> },
): Promise<void> {
  const [contact] = await deps.ports.accounts.contactsOf(trx, [won.winnerId]);
  const locale = recipientLocale(contact?.locale);
  const words = wonWords(locale, won.title, won.deliveryFee);
  if (won.deliveryFee > 0) await won.addFee(words.feeLine);
  await deps.ports.notifications.notify(trx, onCommit, [
    {
      userId: won.winnerId,
      kind: 'giveaway_won',
      subject: won.streamId,
      title: words.title,
      body: words.body,
      link: ORDERS_PATH,
    },
  ]);
  if (!contact) return;
  const mail = (l: Locale) => {
    const w = wonWords(l, won.title, won.deliveryFee);
    return {
      subject: w.title,
      intro: l === 'ar' ? `مرحبًا ${contact.username}. ${w.body}` : `Hi ${contact.username}. ${w.body}`,
      button: w.button,
      outro:
        l === 'ar'
          ? `تصلك هذه الرسالة لأنك شاركت في هدية مجانية في عرض مباشر على Souq (${deps.publicUrl + showPath(won.streamId)}).`
          : `You are getting this because you entered a giveaway in a live show on Souq (${deps.publicUrl + showPath(won.streamId)}).`,
    };
  };
  deps.mailLater(onCommit, {
    ...localizedMail(contact.email, deps.publicUrl + ORDERS_PATH, locale, { en: mail('en'), ar: mail('ar') }),
    about: { userId: won.winnerId, kind: 'giveaway_won' },
  });
}
