import type { ProductDetail } from '@souq/shared';
import type { MessageKey } from '../../i18n';

export const CONDITION: Record<ProductDetail['condition'], MessageKey> = {
  new: 'product.condition.new',
  used: 'product.condition.used',
  refurbished: 'product.condition.refurbished',
};
