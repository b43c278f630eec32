import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { z } from 'zod';
import { MSG } from '../messages.js';
import { westernDigits } from '../numbers.js';
import { idString, plainText } from '../text.js';
import { blankToUndefined } from './blank.js';

export const EMIRATES = [
  'Abu Dhabi',
  'Dubai',
  'Sharjah',
  'Ajman',
  'Umm Al Quwain',
  'Ras Al Khaimah',
  'Fujairah',
] as const;

/** The Gulf Cooperation Council's countries, whose mobiles a courier here can call. */
const GCC = new Set(['AE', 'SA', 'KW', 'QA', 'BH', 'OM']);

/**
 * A mobile number in E.164 (+971501234567), or null when it is not a UAE or GCC mobile. Read as
 * people type them: national (050 123 4567), international with or without its +, any digit set.
 */
export function gulfMobileE164(typed: string): string | null {
  const text = westernDigits(typed).replace(/[\s\-().]/g, '');
  if (!/^\+?\d{7,15}$/.test(text)) return null;
  const attempts = text.startsWith('+') || text.startsWith('0') ? [text] : [text, `+${text}`];
  for (const attempt of attempts) {
    const phone = parsePhoneNumberFromString(attempt, 'AE');
    if (phone?.isValid() && phone.country && GCC.has(phone.country)) return phone.number;
  }
  return null;
}

/** What a delivery address's phone may be: a UAE or GCC mobile, kept as typed and stored also in E.164. */
export const MobilePhoneSchema = plainText({
  required: MSG.fillAllFields,
  max: [20, MSG.invalidMobile],
  invalid: MSG.invalidMobile,
}).refine((typed) => gulfMobileE164(typed) !== null, MSG.invalidMobile);

/**
 * The UAE's bounding box, a little generous at the edges: a pin outside it is not an address
 * Souq's couriers deliver to (Souq ships within the UAE).
 */
export const UAE_BOUNDS = { south: 22.5, north: 26.5, west: 51.4, east: 56.6 } as const;

export const LocationSchema = z.object(
  {
    latitude: z
      .number({ error: MSG.locationOutsideUae })
      .min(UAE_BOUNDS.south, MSG.locationOutsideUae)
      .max(UAE_BOUNDS.north, MSG.locationOutsideUae),
    longitude: z
      .number({ error: MSG.locationOutsideUae })
      .min(UAE_BOUNDS.west, MSG.locationOutsideUae)
      .max(UAE_BOUNDS.east, MSG.locationOutsideUae),
  },
  { error: MSG.locationOutsideUae },
);
export type Location = z.output<typeof LocationSchema>;

/**
 * Dubai's Makani number: the 10-digit code of a building's entrance, typed in either digit set
 * and often in two groups of five ("12345 67890"). Stored as its 10 Western digits.
 */
export const MakaniSchema = z
  .string({ error: MSG.invalidMakani })
  .transform((typed) => westernDigits(typed).replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{10}$/, MSG.invalidMakani));

/** An optional text a person may leave blank: empty, missing and null all mean none (''). */
const optionalText = (max: number, tooLong: string) =>
  z
    .preprocess(blankToUndefined, plainText({ required: tooLong, min: [0, tooLong], max: [max, tooLong] }).optional())
    .transform((v) => v ?? '');

/** Where an order goes: what a courier needs to find the door and call the buyer. */
export const AddressSchema = z.object(
  {
    emirate: z.enum(EMIRATES, { error: MSG.selectEmirate }),
    area: plainText({ required: MSG.areaRequired, min: [2, MSG.areaRequired], max: [100, MSG.areaTooLong] }),
    street: plainText({ required: MSG.streetRequired, min: [3, MSG.streetRequired], max: [200, MSG.streetTooLong] }),
    phone: MobilePhoneSchema,
    building: optionalText(100, MSG.buildingTooLong),
    flat: optionalText(20, MSG.flatTooLong),
    landmark: optionalText(200, MSG.landmarkTooLong),
    location: LocationSchema.nullish().transform((v) => v ?? null),
    makani: z.preprocess(blankToUndefined, MakaniSchema.optional()).transform((v) => v ?? null),
  },
  { error: MSG.addressRequired },
);
export type AddressInput = z.output<typeof AddressSchema>;

/** An address for the book: a courier needs the building (or villa) too. */
export const SavedAddressSchema = AddressSchema.extend({
  building: plainText({ required: MSG.buildingRequired, max: [100, MSG.buildingTooLong] }),
  /** Make it the one checkout offers first. */
  makeDefault: z.boolean({ error: MSG.addressRequired }).optional(),
});
export type SavedAddressInput = z.output<typeof SavedAddressSchema>;

export const SavedAddressIdSchema = idString(MSG.addressNotFound);

/** A saved address as its owner sees it. */
export const SavedAddressViewSchema = z.object({
  id: z.string(),
  emirate: z.enum(EMIRATES),
  area: z.string(),
  street: z.string(),
  building: z.string(),
  flat: z.string(),
  landmark: z.string(),
  phone: z.string().meta({ description: 'As the person typed it.' }),
  phoneE164: z.string().meta({ description: 'The same mobile in E.164, e.g. +971501234567.' }),
  location: LocationSchema.nullable(),
  makani: z.string().nullable(),
  isDefault: z.boolean(),
});
export type SavedAddressView = z.output<typeof SavedAddressViewSchema>;

/** An address as an order keeps it and its buyer and seller see it (the pin and Makani number when given). */
export const DeliveryAddressSchema = z.object({
  emirate: z.string(),
  area: z.string(),
  street: z.string(),
  building: z.string(),
  flat: z.string(),
  landmark: z.string(),
  phone: z.string().meta({ description: 'As the buyer typed it.' }),
  location: LocationSchema.nullable(),
  makani: z.string().nullable(),
});
export type DeliveryAddress = z.output<typeof DeliveryAddressSchema>;

/** Where the address form's map comes from: a MapLibre GL style, or none. */
export const MapSettingsSchema = z.object({
  styleUrl: z.string().nullable().meta({ description: 'A MapLibre GL style JSON; null when no map is configured.' }),
});

/** A link that opens the pin in the phone's maps app (or Google Maps in a browser). */
export function mapsLink(location: Location): string {
  return `https://www.google.com/maps/search/?api=1&query=${location.latitude},${location.longitude}`;
}
