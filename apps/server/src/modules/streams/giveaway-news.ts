import { formatMoney, type Locale } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';
import type { OnCommit } from '../../lib/after-commit.js';
import { recipientLocale } from '../../lib/locale.js';
import { tellPeople } from '../../lib/tell-people.js';
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
  // The fee's line on the order is in the winner's language, like the news.
  const [contact] = await deps.ports.accounts.contactsOf(trx, [won.winnerId]);
  if (won.deliveryFee > 0)
    await won.addFee(wonWords(recipientLocale(contact?.locale), won.title, won.deliveryFee).feeLine);
  const showUrl = deps.publicUrl + showPath(won.streamId);
  const mail = (username: string, l: Locale) => {
    const w = wonWords(l, won.title, won.deliveryFee);
    return {
      subject: w.title,
      intro: l === 'ar' ? `مرحبًا ${username}. ${w.body}` : `Hi ${username}. ${w.body}`,
      button: w.button,
      outro:
        l === 'ar'
          ? `تصلك هذه الرسالة لأنك شاركت في هدية مجانية في عرض مباشر على Souq (${showUrl}).`
          : `You are getting this because you entered a giveaway in a live show on Souq (${showUrl}).`,
    };
  };
  await tellPeople(
    { ...deps.ports, mailLater: deps.mailLater },
    trx,
    onCommit,
    [
      {
        userId: won.winnerId,
        kind: 'giveaway_won',
        subject: won.streamId,
        link: ORDERS_PATH,
        words: (locale) => wonWords(locale, won.title, won.deliveryFee),
        mail: (c, locale) =>
          localizedMail(c.email, deps.publicUrl + ORDERS_PATH, locale, {
            en: mail(c.username, 'en'),
            ar: mail(c.username, 'ar'),
          }),
      },
    ],
    contact ? [contact] : [],
  );
}
