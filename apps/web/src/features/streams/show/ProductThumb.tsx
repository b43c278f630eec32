import type { ImageUrls } from '@souq/shared';
import { PLACEHOLDER_IMAGE } from '../../../components/Gallery';

/** A lot's or pin's square picture: its thumbnail, else its photo, else the placeholder (as order lines do). */
export function ProductThumb({ image, size }: { image: ImageUrls; size: number }) {
  return <img src={image.thumb || image.url || PLACEHOLDER_IMAGE} alt="" width={size} height={size} />;
}
