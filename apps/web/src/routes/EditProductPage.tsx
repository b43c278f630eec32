import { PageTitle } from '../components/PageTitle';
import { RequireAuth } from '../features/auth/RequireAuth';

export default function EditProductPage() {
  return (
    <RequireAuth>
      <PageTitle>Edit product</PageTitle>
    </RequireAuth>
  );
}
