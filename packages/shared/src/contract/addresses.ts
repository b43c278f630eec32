import { z } from 'zod';
import { MapSettingsSchema, SavedAddressSchema, SavedAddressViewSchema } from '../schemas/addresses.js';
import { endpoint, idParams } from './endpoint.js';

const tag = 'Addresses';
const AddressIdParams = idParams("The address's id, from the address book.");

const fields = {
  emirate: 'Dubai',
  area: 'Al Barsha 1',
  street: 'Street 21',
  building: 'Villa 14',
  flat: '',
  landmark: 'Behind Mall of the Emirates metro',
  phone: '050 123 4567',
  location: { latitude: 25.1131, longitude: 55.2003 },
  makani: '1234567890',
};
const example = { ...fields, makeDefault: true };

const answerExample = {
  id: '5b0f3d1e-6f1c-4a53-9c55-3b9a0d2f6e21',
  ...fields,
  phoneE164: '+971501234567',
  isDefault: true,
};

export const addresses = {
  map: endpoint({
    method: 'GET',
    path: '/api/map',
    summary: 'The map an address’s pin is dropped on',
    description:
      'The MapLibre GL style the address form draws its map with (the server’s `MAP_STYLE_URL`), or `styleUrl: null` when none is set: the form then offers "Use my location" and the Makani number without a map.',
    tag,
    access: 'public',
    responses: { 200: MapSettingsSchema },
    errors: [],
    answerExample: { styleUrl: 'https://tiles.example.com/styles/streets/style.json' },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/addresses',
    summary: "The signed-in person's address book",
    description: 'Every saved delivery address of the signed-in person, the default first, then the newest.',
    tag,
    access: 'user',
    responses: { 200: z.array(SavedAddressViewSchema) },
    errors: ['UNAUTHENTICATED'],
    answerExample: [answerExample],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/addresses',
    summary: 'Save a delivery address',
    description:
      'Saves an address to the book: emirate, area, street, building or villa, optional flat and landmark, a UAE or GCC mobile (kept as typed and in E.164), an optional pin inside the UAE and an optional 10-digit Makani number (either digit set). The first address, or one sent with `makeDefault`, becomes the default. At most 10 addresses (409 `CONFLICT`). Answers the saved address.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: SavedAddressSchema,
    responses: { 201: SavedAddressViewSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'CONFLICT'],
    example,
    answerExample,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/addresses/:id',
    summary: 'Change a saved address',
    description: 'Replaces a saved address with the one sent (the same fields as saving one). Answers the address.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    params: AddressIdParams,
    body: SavedAddressSchema,
    responses: { 200: SavedAddressViewSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
    example,
    answerExample,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/addresses/:id',
    summary: 'Remove a saved address',
    description:
      'Removes an address from the book; orders already placed keep their own copy. When it was the default, the newest address left becomes the default. Answers 204.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    params: AddressIdParams,
    responses: {},
    other: { 204: { description: 'Removed.', contentType: null } },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  makeDefault: endpoint({
    method: 'POST',
    path: '/api/addresses/:id/default',
    summary: 'Make an address the default',
    description: 'Makes the address the one checkout offers first. Answers the whole address book.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    params: AddressIdParams,
    responses: { 200: z.array(SavedAddressViewSchema) },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
    answerExample: [answerExample],
  }),
};
