import { PageTitle } from '../components/PageTitle';
import { RequireAuth } from '../features/auth/RequireAuth';

export default function AddProductPage() {
  return (
    <RequireAuth>
      <PageTitle>Add Product</PageTitle>
    </RequireAuth>
  );
}
