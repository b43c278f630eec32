import { z } from 'zod';

/** An amount of money: whole fils (1 AED = 100 fils), everywhere the API sends one. */
export const Fils = z.number().int().meta({ description: 'An amount in fils (1 AED = 100 fils).' });

/** A count, a position or a sequence number: a whole number. */
export const Whole = z.number().int();

/** A moment, as the server sends every one: ISO 8601 in UTC (`2026-11-29T10:00:00.000Z`). */
export const Timestamp = z.string().meta({ format: 'date-time' });
