import { Link, useNavigate } from 'react-router';
import { productPath, MSG } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { useRequireVerified } from '../features/auth/gates';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/api';
import { useCreateProduct } from '../features/sell/api';
import { ProductForm } from '../features/sell/ProductForm';

/** Adding a product needs a verified email; the form is offered only then. */
function VerifyFirst() {
  const requireVerified = useRequireVerified();
  return (
    <section className="card sell-gate" data-testid="verify-to-sell">
      <h2>Verify your email to start selling</h2>
      <p>
        {MSG.verificationRequired} Once your email is verified you can list products, and buyers know they are dealing
        with a real person.
      </p>
      <div className="sell-gate__actions">
        <button type="button" className="btn btn--primary" onClick={() => requireVerified()}>
          Verify email
        </button>
        <Link to="/" className="btn btn--ghost">
          Back to the shop
        </Link>
      </div>
    </section>
  );
}

function AddProduct() {
  const { user } = useSession();
  const navigate = useNavigate();
  const create = useCreateProduct(user?.id ?? '');

  return (
    <div className="sell-page">
      <PageTitle subtitle="List an item for sale. Prices are in AED.">Add Product</PageTitle>
      {!user?.emailVerified ? (
        <VerifyFirst />
      ) : (
        <ProductForm
          mode="add"
          submitLabel="Add Product"
          pendingLabel="Uploading…"
          failureMessage={MSG.uploadFailed}
          onSubmit={async ({ data, images, invoice, onProgress }) => {
            const { id } = await create.mutateAsync({ data, images, invoice, onProgress });
            navigate(productPath(id), { state: { notice: 'Your product is listed.' } });
          }}
          actions={
            <Link to="/MyAccount" className="btn btn--ghost">
              Cancel
            </Link>
          }
        />
      )}
    </div>
  );
}

export default function AddProductPage() {
  return (
    <RequireAuth>
      <AddProduct />
    </RequireAuth>
  );
}
