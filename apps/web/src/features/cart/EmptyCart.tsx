import { Link } from 'react-router';
import { MSG } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { useT } from '../../i18n';

export function EmptyCart({ title }: { title: string }) {
  const { t, m } = useT();
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <EmptyState title={m(MSG.cartEmpty)}>
        <Link to="/" className="btn btn--primary">
          {t('cart.startShopping')}
        </Link>
      </EmptyState>
    </>
  );
}
