import type { DeliveryAddress } from '@souq/shared';

/** An address form's values, each as its control holds it (text); the pin as two decimal strings. */
export const EMPTY_ADDRESS = {
  emirate: '',
  area: '',
  street: '',
  building: '',
  flat: '',
  landmark: '',
  phone: '',
  makani: '',
  latitude: '',
  longitude: '',
};
export type AddressValues = typeof EMPTY_ADDRESS;

/** What AddressSchema reads: the pin becomes a location, or none. */
export function addressOfValues({ latitude, longitude, ...rest }: AddressValues) {
  return {
    ...rest,
    location: latitude && longitude ? { latitude: Number(latitude), longitude: Number(longitude) } : null,
  };
}

/** An address already given (saved in the book, or on an order) in the form, to send as it is or change first. */
export function valuesOf(saved: DeliveryAddress): AddressValues {
  return {
    emirate: saved.emirate,
    area: saved.area,
    street: saved.street,
    building: saved.building,
    flat: saved.flat,
    landmark: saved.landmark,
    phone: saved.phone,
    makani: saved.makani ?? '',
    latitude: saved.location ? String(saved.location.latitude) : '',
    longitude: saved.location ? String(saved.location.longitude) : '',
  };
}
