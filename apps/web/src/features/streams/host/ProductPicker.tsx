import type { ComponentPropsWithRef } from 'react';
import type { ProductSummary } from '@souq/shared';
import { useT } from '../../../i18n';

type Props = Omit<ComponentPropsWithRef<'select'>, 'children' | 'onChange'> & {
  /** The host's products on offer here. */
  products: readonly ProductSummary[];
  /** The host's products are still loading: the empty choice says so. */
  loading?: boolean;
  onChange(productId: string): void;
};

/** A select of the host's own products (run sheet, Buy It Now, a lot added live), "choose" first. */
export function ProductPicker({ products, loading, onChange, ...select }: Props) {
  const { t } = useT();
  return (
    <select {...select} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t(loading ? 'host.sheet.loading' : 'host.sheet.choose')}</option>
      {products.map((p) => (
        <option key={p.id} value={p.id}>
          {p.title}
        </option>
      ))}
    </select>
  );
}
