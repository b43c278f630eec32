import {
  MSG,
  readNumber,
  SCHEDULE_MAX_MS,
  STREAM_COVER_MAX_BYTES,
  STREAM_DURATION_DEFAULT_MIN,
  STREAM_DURATION_MAX,
  STREAM_DURATION_MIN,
  type FieldErrors,
  type RehearsalPace,
} from '@souq/shared';
import { serverNow } from '../../../api/server-clock';
import { gulfInputToIso } from '../../../components/dates';
import type { FormCheck } from '../../../components/form-check';
import type { ShowPlan } from './run-sheet';
import type { ShowProductsState } from './ShowProducts';

export interface HostForm {
  title: string;
  durationMinutes: string;
  /** Start now, or announce the show for a time in Gulf time. */
  when?: 'now' | 'later';
  /** A `datetime-local` value, read as Gulf time (Asia/Dubai). */
  scheduledFor?: string;
  /** How busy a rehearsal's simulated bidders are, when the host presses Rehearse (issue 47). */
  rehearsalPace?: RehearsalPace;
}

/** The form once checked: its values and the show Start asks for. */
export type CheckedHostForm = HostForm & { plan: ShowPlan };

export const EMPTY_HOST: HostForm = {
  title: '',
  durationMinutes: String(STREAM_DURATION_DEFAULT_MIN),
  when: 'now',
  scheduledFor: '',
  rehearsalPace: 'lively',
};

/** The server's host-start rules, checked in the browser before anything is asked of the camera or the server. */
export function validateHostForm(
  form: HostForm,
  cover: File | null,
  now = serverNow(),
  rehearsal = false,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.title.trim()) errors.title = MSG.streamTitleRequired;
  // Read as the server reads it: an Arabic keyboard's ٠–٩ count (shared/numbers.ts).
  const minutes = readNumber(form.durationMinutes);
  if (minutes === null || !Number.isInteger(minutes) || minutes < STREAM_DURATION_MIN || minutes > STREAM_DURATION_MAX)
    errors.durationMinutes = MSG.streamDurationRange;
  // A rehearsal starts now, whatever the when says.
  if (form.when === 'later' && !rehearsal) {
    const iso = gulfInputToIso(form.scheduledFor ?? '');
    const at = iso === null ? NaN : Date.parse(iso);
    if (!(at > now)) errors.scheduledFor = MSG.chooseShowTime;
    else if (at - now > SCHEDULE_MAX_MS) errors.scheduledFor = MSG.showTimeTooFar;
  }
  if (cover && cover.size > STREAM_COVER_MAX_BYTES) errors.cover = MSG.streamCoverTooLarge;
  return errors;
}

/** The whole form's check: its own fields, then what is on sale (a product, or the run sheet's lots). */
export function checkHostForm(
  values: HostForm,
  cover: File | null,
  sale: Pick<ShowProductsState, 'lots' | 'plan'>,
  rehearsal = false,
): FormCheck<CheckedHostForm> {
  const fields = validateHostForm(values, cover, serverNow(), rehearsal);
  const planned = sale.plan();
  if (!planned.ok) {
    Object.assign(fields, planned.fields);
    // Each lot's messages under the server's own names for them (`lots.1.seconds`), so focus finds the first.
    sale.lots.forEach((lot, i) => {
      for (const [name, message] of Object.entries(planned.errors[lot.productId] ?? {}))
        fields[`lots.${i}.${name}`] = message;
    });
  }
  return Object.keys(fields).length > 0 || !planned.ok
    ? { ok: false, fields }
    : { ok: true, data: { ...values, plan: planned.plan } };
}

/** Start's (or Rehearse's) request: the checked form, what is on sale, and the cover when there is one. */
export function startRequestBody(checked: CheckedHostForm, cover: File | null, rehearsal = false): FormData {
  const body = new FormData();
  body.set('title', checked.title.trim());
  body.set('durationMinutes', checked.durationMinutes.trim());
  if (checked.plan.kind === 'single') {
    body.set('productId', checked.plan.productId);
    body.set('startingBid', String(checked.plan.startingBid));
  } else body.set('lots', JSON.stringify(checked.plan.lots));
  if (rehearsal) body.set('rehearsalPace', checked.rehearsalPace ?? 'lively');
  else if (checked.when === 'later') body.set('scheduledFor', gulfInputToIso(checked.scheduledFor ?? '')!);
  if (cover) body.set('cover', cover, cover.name);
  return body;
}
