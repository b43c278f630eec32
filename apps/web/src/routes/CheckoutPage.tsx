import { PageTitle } from '../components/PageTitle';
import { RequireAuth } from '../features/auth/RequireAuth';

export default function CheckoutPage() {
  return (
    <RequireAuth>
      <PageTitle>Checkout</PageTitle>
    </RequireAuth>
  );
}
