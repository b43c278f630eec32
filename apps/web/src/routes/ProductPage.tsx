import { PageTitle } from '../components/PageTitle';

export default function ProductPage() {
  return <PageTitle>Product not found</PageTitle>;
}
