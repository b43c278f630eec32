import {
  AUCTION_DURATIONS,
  MAX_AUCTION_MS,
  MIN_AUCTION_MS,
  MSG,
  StartAuctionSchema,
  parseAmountToFils,
  toFieldErrors,
  type AuctionDuration,
  type ClosingStyle,
  type FieldErrors,
  type StartAuctionInput,
} from '@souq/shared';
import { gulfInputToIso } from '../../components/dates';

/** What the seller types: amounts in AED, the end as a Gulf-time datetime-local value. */
export interface StartValues {
  startingBid: string;
  duration: AuctionDuration | 'custom';
  endsAt: string;
  reservePrice: string;
  closingStyle: ClosingStyle;
}

export const EMPTY_START: StartValues = {
  startingBid: '',
  duration: '1d',
  endsAt: '',
  reservePrice: '',
  closingStyle: 'soft',
};

export type StartCheck = { ok: true; data: StartAuctionInput } | { ok: false; fields: FieldErrors };

const fils = (text: string): number | string => (text.trim() === '' ? '' : (parseAmountToFils(text) ?? Number.NaN));

/** When the auction would end if started at `now` (the server's clock); null when no end is chosen yet. */
export function plannedEnd(values: StartValues, now: number): number | null {
  if (values.duration !== 'custom') return now + AUCTION_DURATIONS[values.duration].ms;
  const iso = gulfInputToIso(values.endsAt);
  return iso ? Date.parse(iso) : null;
}

/**
 * The server's StartAuctionSchema, after AED becomes fils and the picked Gulf time becomes ISO
 * with its offset; plus the end's window (a minute to 30 days away), which the server checks
 * against its clock and we against our copy of it.
 */
export function checkStart(values: StartValues, now: number): StartCheck {
  const custom = values.duration === 'custom';
  const parsed = StartAuctionSchema.safeParse({
    startingBid: fils(values.startingBid),
    duration: values.duration,
    endsAt: custom ? (gulfInputToIso(values.endsAt) ?? (values.endsAt ? values.endsAt : '')) : undefined,
    reservePrice: fils(values.reservePrice),
    closingStyle: values.closingStyle,
  });
  const fields: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  const end = plannedEnd(values, now);
  if (custom && end !== null && !fields.endsAt) {
    if (end < now + MIN_AUCTION_MS) fields.endsAt = MSG.chooseEndDate;
    else if (end > now + MAX_AUCTION_MS) fields.endsAt = MSG.endDateTooFar;
  }
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, data: parsed.data };
}
