import type { ReviewsService } from './service.js';

/** What later modules may ask of reviews (ADR 0007). */
export const REVIEWS_PORT = [
  // reports (issue 31): a reported review in context, and its removal by staff
  'reviewAuthor',
  'reportedReviews',
  'removeReview',
] as const satisfies ReadonlyArray<keyof ReviewsService>;

export type ReviewsPort = Pick<ReviewsService, (typeof REVIEWS_PORT)[number]>;
