import { MSG, parseAmountToFils } from '@souq/shared';
import type { FormCheck } from '../../components/form-check';

/**
 * The browser's check of an amount typed in AED (any digit set): the same words as the server's.
 * `above` is the least it must exceed (a counter exceeds the buyer's offer), `below` the price.
 */
export function amountCheck(
  text: string,
  limits: { below: number; above?: number; outside?: string },
): FormCheck<{ amount: number }> {
  const refuse = (message: string): FormCheck<{ amount: number }> => ({
    ok: false,
    fields: { amount: message },
    message,
  });
  if (!text.trim()) return refuse(MSG.offerAmountRequired);
  const amount = parseAmountToFils(text);
  if (amount === null) return refuse(MSG.offerAmountWholeFils);
  if (amount <= 0) return refuse(MSG.offerAmountPositive);
  if (amount >= limits.below || amount <= (limits.above ?? 0)) return refuse(limits.outside ?? MSG.offerBelowPrice);
  return { ok: true, data: { amount } };
}
