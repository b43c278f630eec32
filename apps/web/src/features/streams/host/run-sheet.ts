import {
  LOT_SECONDS_DEFAULT,
  LOT_SECONDS_MAX,
  LOT_SECONDS_MIN,
  MSG,
  parseAmountToFils,
  readNumber,
  RUN_SHEET_MAX,
  type ClosingStyle,
  type NewLotInput,
  type ProductSummary,
} from '@souq/shared';

/** A lot as the host types it: amounts and seconds stay text until sent (any digit set). */
export interface DraftLot {
  productId: string;
  title: string;
  thumb: string;
  startingBid: string;
  seconds: string;
  closingStyle: ClosingStyle;
}

/** Per lot (by product id), what is wrong with it, as shared messages. */
export type DraftErrors = Record<string, { startingBid?: string; seconds?: string }>;

/** A product as a new lot: its shop price as the starting bid, the default timer, sudden death. */
export function draftOf(product: Pick<ProductSummary, 'id' | 'title' | 'price' | 'image'>): DraftLot {
  return {
    productId: product.id,
    title: product.title,
    thumb: product.image.thumb,
    startingBid: (product.price / 100).toFixed(2),
    seconds: String(LOT_SECONDS_DEFAULT),
    closingStyle: 'sudden',
  };
}

/** A lot's terms read as the server reads them, or the messages of what is wrong. */
export function readTerms(draft: Pick<DraftLot, 'startingBid' | 'seconds' | 'closingStyle'>) {
  const errors: { startingBid?: string; seconds?: string } = {};
  const bid = parseAmountToFils(draft.startingBid);
  if (bid === null || bid <= 0) errors.startingBid = MSG.startingBidPositive;
  // Blank is the default, as on the server.
  const seconds = draft.seconds.trim() === '' ? LOT_SECONDS_DEFAULT : readNumber(draft.seconds);
  if (seconds === null || !Number.isInteger(seconds) || seconds < LOT_SECONDS_MIN || seconds > LOT_SECONDS_MAX)
    errors.seconds = MSG.lotSecondsRange;
  if (errors.startingBid || errors.seconds) return { ok: false as const, errors };
  return {
    ok: true as const,
    terms: { startingBid: bid!, seconds: seconds!, closingStyle: draft.closingStyle },
  };
}

/** The run sheet checked before it is sent: the lots for the form, or what to correct. */
export function checkRunSheet(
  drafts: readonly DraftLot[],
): { ok: true; lots: NewLotInput[] } | { ok: false; sheet?: string; errors: DraftErrors } {
  if (drafts.length === 0) return { ok: false, sheet: MSG.streamChooseProduct, errors: {} };
  if (drafts.length > RUN_SHEET_MAX) return { ok: false, sheet: MSG.runSheetTooLong, errors: {} };
  const errors: DraftErrors = {};
  const lots: NewLotInput[] = [];
  for (const draft of drafts) {
    const read = readTerms(draft);
    if (read.ok) lots.push({ productId: draft.productId, ...read.terms });
    else errors[draft.productId] = read.errors;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, lots };
}

/** What Start sends: one product sold for the whole stream (the spec's form), or a run sheet of lots. */
export type ShowPlan =
  { kind: 'single'; productId: string; startingBid: number } | { kind: 'sheet'; lots: NewLotInput[] };

/**
 * The show Start asks for. A product chosen with nothing on the run sheet is the spec's one-product
 * stream: one lot, open for bids from the start for the stream's whole length. A product chosen
 * with lots already on the sheet joins them as the last lot, with the terms a lot starts with.
 */
export function planShow(
  drafts: readonly DraftLot[],
  chosen: Pick<ProductSummary, 'id' | 'title' | 'price' | 'image'> | undefined,
  startingBid: string,
): { ok: true; plan: ShowPlan } | { ok: false; fields: Record<string, string>; errors: DraftErrors } {
  if (drafts.length === 0) {
    if (!chosen) return { ok: false, fields: { productId: MSG.streamChooseProduct }, errors: {} };
    const bid = parseAmountToFils(startingBid);
    if (bid === null || bid <= 0) return { ok: false, fields: { startingBid: MSG.startingBidPositive }, errors: {} };
    return { ok: true, plan: { kind: 'single', productId: chosen.id, startingBid: bid } };
  }
  const sheet = checkRunSheet(chosen ? [...drafts, draftOf(chosen)] : drafts);
  if (sheet.ok) return { ok: true, plan: { kind: 'sheet', lots: sheet.lots } };
  return { ok: false, fields: sheet.sheet ? { productId: sheet.sheet } : {}, errors: sheet.errors };
}

/** The list with the item at `from` moved by one place up (-1) or down (+1); unchanged at an end. */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The host's products that can still go into the show: no auctions, none already taken (on the run sheet, pinned). */
export function offerable(
  products: readonly ProductSummary[] | undefined,
  ...taken: ReadonlySet<string | null>[]
): ProductSummary[] {
  return (products ?? []).filter((p) => !p.isAuction && !taken.some((ids) => ids.has(p.id)));
}
