import { z } from 'zod';
import { MSG } from '../messages.js';
import { ProductPageSchema, PublicProfileSchema } from '../api/catalog.js';
import { PageQuerySchema, ProfileSchema } from '../schemas/catalog.js';
import { TaxDetailsAnswerSchema, TaxDetailsSchema } from '../schemas/tax.js';
import { IdParams, endpoint } from './endpoint.js';

const tag = 'Profiles';
const FollowSchema = z.object({ following: z.boolean(), followersCount: z.number() });

export const profiles = {
  get: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    summary: 'A public profile',
    tag,
    access: 'public',
    params: IdParams,
    responses: { 200: PublicProfileSchema },
    errors: ['NOT_FOUND'],
  }),
  products: endpoint({
    method: 'GET',
    path: '/api/users/:id/products',
    summary: "A seller's products, newest first",
    tag,
    access: 'public',
    params: IdParams,
    query: PageQuerySchema,
    responses: { 200: ProductPageSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/me/profile',
    summary: 'Edit my profile',
    tag,
    access: 'user',
    body: ProfileSchema,
    responses: { 200: PublicProfileSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'CONFLICT'],
    example: { username: 'amira', bio: 'Watches and cameras.', contactEmail: '' },
  }),
  // Issue 32: what a seller's invoices name them by (ADR 0042).
  taxDetails: endpoint({
    method: 'GET',
    path: '/api/me/tax-details',
    summary: 'My tax details (legal name, address, TRN) for invoices',
    tag,
    access: 'user',
    responses: { 200: TaxDetailsAnswerSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  saveTaxDetails: endpoint({
    method: 'PUT',
    path: '/api/me/tax-details',
    summary: 'Save my tax details; a blank TRN makes later invoices plain',
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
    tag,
    access: 'verified',
    params: IdParams,
    responses: { 200: FollowSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  unfollow: endpoint({
    method: 'DELETE',
    path: '/api/users/:id/follow',
    summary: 'Stop following someone',
    tag,
    access: 'verified',
    openWhileSuspended: 'withdraw',
    params: IdParams,
    responses: { 200: FollowSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND'],
  }),
};
