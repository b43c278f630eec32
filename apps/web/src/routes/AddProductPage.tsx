import { Link, useNavigate } from 'react-router';
import { productPath, MSG } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { useRequireVerified } from '../features/auth/gates';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/api';
import { useCreateProduct } from '../features/sell/api';
import { ProductForm } from '../features/sell/ProductForm';
import { useT } from '../i18n';

/** Adding a product needs a verified email; the form is offered only then. */
function VerifyFirst() {
  const requireVerified = useRequireVerified();
  const { t, m } = useT();
  return (
    <section className="card sell-gate" data-testid="verify-to-sell">
      <h2>{t('sell.verifyFirst.title')}</h2>
      <p>
        {m(MSG.verificationRequired)} {t('sell.verifyFirst.body')}
      </p>
      <div className="sell-gate__actions">
        <button type="button" className="btn btn--primary" onClick={() => requireVerified()}>
          {t('sell.verifyFirst.verify')}
        </button>
        <Link to="/" className="btn btn--ghost">
          {t('sell.verifyFirst.back')}
        </Link>
      </div>
    </section>
  );
}

function AddProduct() {
  const { t } = useT();
  const { user } = useSession();
  const navigate = useNavigate();
  const create = useCreateProduct(user?.id ?? '');

  return (
    <div className="sell-page">
      <PageTitle subtitle={t('sell.add.lead')}>{t('sell.add.title')}</PageTitle>
      {!user?.emailVerified ? (
        <VerifyFirst />
      ) : (
        <ProductForm
          mode="add"
          submitLabel={t('sell.add.submit')}
          pendingLabel={t('sell.add.uploading')}
          failureMessage={MSG.uploadFailed}
          onSubmit={async ({ data, images, invoice, onProgress }) => {
            const { id } = await create.mutateAsync({ data, images, invoice, onProgress });
            navigate(productPath(id), { state: { notice: t('sell.add.listed') } });
          }}
          actions={
            <Link to="/MyAccount" className="btn btn--ghost">
              {t('sell.cancel')}
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
