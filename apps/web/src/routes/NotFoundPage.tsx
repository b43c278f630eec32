import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle';

export default function NotFoundPage() {
  return (
    <>
      <PageTitle subtitle="The page you are looking for does not exist or has moved.">Page not found</PageTitle>
      <Link to="/" className="btn btn--primary">
        Back to the shop
      </Link>
    </>
  );
}
