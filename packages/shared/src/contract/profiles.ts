import { z } from 'zod';
import { Whole } from '../api/scalars.js';
import { MSG } from '../messages.js';
import { ProductPageSchema, PublicProfileSchema } from '../api/catalog.js';
import { PageQuerySchema, ProfileSchema } from '../schemas/catalog.js';
import { TaxDetailsAnswerSchema, TaxDetailsSchema } from '../schemas/tax.js';
import { endpoint, idParams } from './endpoint.js';

const tag = 'Profiles';
const UserIdParams = idParams("The person's user id.");
const FollowSchema = z.object({ following: z.boolean(), followersCount: Whole });

export const profiles = {
  get: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    summary: 'A public profile',
    description:
      "A person's public profile: username, photo, bio, the contact email they chose to publish (if any), how many products, followers and followings they have, and when they joined; for the caller, whether it is them and whether they follow them.",
    tag,
    access: 'public',
    params: UserIdParams,
    responses: { 200: PublicProfileSchema },
    errors: ['NOT_FOUND'],
  }),
  products: endpoint({
    method: 'GET',
    path: '/api/users/:id/products',
    summary: "A seller's products, newest first",
    description:
      "A seller's products, newest first, 24 a page, those on auction included and those hidden by staff left out. Pass the answer's `nextCursor` as `cursor` for the next page.",
    tag,
    access: 'public',
    params: UserIdParams,
    query: PageQuerySchema,
    responses: { 200: ProductPageSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/me/profile',
    summary: 'Edit my profile',
    description:
      'Changes my username, bio (up to 500 characters) and public contact email (empty to publish none). A username someone else has is 409 `CONFLICT`. Answers my public profile.',
    tag,
    access: 'user',
    body: ProfileSchema,
    responses: { 200: PublicProfileSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'CONFLICT'],
    example: { username: 'amira', bio: 'Watches and cameras.', contactEmail: 'amira.shop@example.ae' },
  }),
  // Issue 32: what a seller's invoices name them by (ADR 0042).
  taxDetails: endpoint({
    method: 'GET',
    path: '/api/me/tax-details',
    summary: 'My tax details (legal name, address, TRN) for invoices',
    description:
      'My tax details as my invoices name me: legal name, address and TRN (null when not registered for VAT); empty strings and a null TRN until I save some.',
    tag,
    access: 'user',
    responses: { 200: TaxDetailsAnswerSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  saveTaxDetails: endpoint({
    method: 'PUT',
    path: '/api/me/tax-details',
    summary: 'Save my tax details; a blank TRN makes later invoices plain',
    description:
      'Saves my legal name, address and TRN. Invoices issued from then on copy them (with a blank TRN they are plain invoices rather than tax invoices); invoices already issued do not change. Answers the details as saved.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: TaxDetailsSchema,
    responses: { 200: TaxDetailsAnswerSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
    example: { legalName: 'Khalid Trading LLC', address: 'Office 12, Al Quoz 3, Dubai', trn: '100123456700003' },
  }),
  photo: endpoint({
    method: 'POST',
    path: '/api/me/photo',
    summary: 'Set my profile photo (multipart)',
    description:
      "Replaces my profile photo with the uploaded JPEG, PNG or WebP (multipart field `photo`); the old one is deleted. Answers the new photo's URL.",
    tag,
    access: 'user',
    form: {
      fields: z.object({}),
      files: { photo: { maxCount: 1, description: 'A JPEG, PNG or WebP photo.', required: MSG.photoRequired } },
    },
    responses: { 200: z.object({ profilePic: z.string() }) },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  likes: endpoint({
    method: 'GET',
    path: '/api/me/likes',
    summary: 'Products I like',
    description:
      "Products I like, the most recently liked first, 24 a page; products hidden by staff are left out. Pass the answer's `nextCursor` as `cursor` for the next page.",
    tag,
    access: 'user',
    query: PageQuerySchema,
    responses: { 200: ProductPageSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
  }),
  follow: endpoint({
    method: 'PUT',
    path: '/api/users/:id/follow',
    summary: 'Follow someone',
    description:
      'Follows a person: I am then told when their scheduled shows go live, and my For You feed favours their listings. Following them again changes nothing, and following oneself is 400 `VALIDATION_FAILED`. Answers `following: true` and their follower count.',
    tag,
    access: 'verified',
    params: UserIdParams,
    responses: { 200: FollowSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  unfollow: endpoint({
    method: 'DELETE',
    path: '/api/users/:id/follow',
    summary: 'Stop following someone',
    description: 'Stops following a person, if I did. Answers `following: false` and their follower count.',
    tag,
    access: 'verified',
    openWhileSuspended: 'withdraw',
    params: UserIdParams,
    responses: { 200: FollowSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND'],
  }),
};
