/** A lot or item without a photo still shows a picture (as order lines do). */
export const PLACEHOLDER = '/images/placeholder.svg';
