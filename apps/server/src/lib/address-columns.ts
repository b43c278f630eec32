import { gulfMobileE164, type AddressInput, type DeliveryAddress } from '@souq/shared';

/** The columns an address fills, in the address book and on an order alike (issue 46). */
export function addressColumns(input: AddressInput) {
  return {
    emirate: input.emirate,
    area: input.area,
    street: input.street,
    building: input.building,
    flat: input.flat,
    landmark: input.landmark,
    phone: input.phone,
    // The schema accepted it as a Gulf mobile, so it has an E.164 form.
    phone_e164: gulfMobileE164(input.phone)!,
    latitude: input.location?.latitude ?? null,
    longitude: input.location?.longitude ?? null,
    makani: input.makani,
  };
}

type AddressColumns = Omit<ReturnType<typeof addressColumns>, 'phone_e164'>;

/** An address read back from those columns. */
export function addressOfColumns(row: Omit<AddressColumns, 'emirate'> & { emirate: string }): DeliveryAddress {
  return {
    emirate: row.emirate,
    area: row.area,
    street: row.street,
    building: row.building,
    flat: row.flat,
    landmark: row.landmark,
    phone: row.phone,
    location:
      row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude },
    makani: row.makani,
  };
}
