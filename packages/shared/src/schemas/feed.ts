import { z } from 'zod';
import { idString } from '../text.js';

const itemRef = z.object({ kind: z.enum(['product', 'auction']), id: idString('Not a Souq item.') }).strict();

export const FeedQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe("The previous page's `nextCursor`, for the next page in the same order; omit for the first page."),
});
export type FeedQuery = z.output<typeof FeedQuerySchema>;

/** Item opens, batched by the browser: cheap to send, cheap to store. */
export const FeedEventsSchema = z.object({ opened: z.array(itemRef).max(50) }).strict();
export type FeedEvents = z.output<typeof FeedEventsSchema>;

/** "Not interested": that seller and that category move down for this person. */
export const NotInterestedSchema = itemRef;
export type FeedItemRef = z.infer<typeof itemRef>;

export const FEED_PAGE_SIZE = 10;
