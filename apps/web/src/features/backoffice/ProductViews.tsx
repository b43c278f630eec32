import { useT } from '../../i18n';

/**
 * "Views (30 days): 12" under one of my products. While the counts load (or if they could not be
 * read) it shows a dash: the number is a hint beside the product, not worth an error of its own.
 */
export function ProductViews({ views, productId }: { views: Map<string, number> | undefined; productId: string }) {
  const { t } = useT();
  const count = views?.get(productId);
  return (
    <p className="product-views muted" data-testid="product-views">
      {views ? t('backoffice.views.count', { count: count ?? 0 }) : t('backoffice.views.unknown')}
    </p>
  );
}
