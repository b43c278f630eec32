import { Link } from 'react-router';
import { MSG } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

export function EmptyCart({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <EmptyState title={MSG.cartEmpty}>
        <Link to="/" className="btn btn--primary">
          Start shopping
        </Link>
      </EmptyState>
    </>
  );
}
