import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { productPath, MSG, type EditProductInput } from '@souq/shared';
import { ApiError } from '../api/client';
import { EmptyState } from '../components/EmptyState';
import { FormError } from '../components/FormError';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { useGateErrorHandler } from '../components/gate-errors';
import { useConfirm } from '../components/useConfirm';
import { useRequireLogin } from '../features/auth/gates';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useProduct } from '../features/product/api';
import { useDeleteProduct, useUpdateProduct } from '../features/sell/api';
import { valuesFromProduct } from '../features/sell/product-values';
import { ProductForm } from '../features/sell/ProductForm';
import { useT } from '../i18n';

function EditProduct({ productId }: { productId: string }) {
  const { t, m } = useT();
  const query = useProduct(productId);
  const navigate = useNavigate();
  const update = useUpdateProduct(productId);
  const deletion = useDeleteProduct(query.data?.ownerId ?? '', () =>
    navigate('/MyAccount', { state: { notice: t('sell.edit.deleted') } }),
  );
  const answerGate = useGateErrorHandler();
  const requireLogin = useRequireLogin();
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [ask, confirmDialog] = useConfirm();

  if (query.isPending) return <Spinner label={t('sell.edit.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageTitle>{t('sell.edit.title')}</PageTitle>
        <EmptyState title={m(notFound ? MSG.productNotFound : query.error.message)}>
          <Link to="/MyAccount" className="btn btn--primary">
            {t('sell.edit.toMyAccount')}
          </Link>
        </EmptyState>
      </>
    );
  }

  const product = query.data;
  if (!product.isOwner) {
    return (
      <div className="sell-page">
        <PageTitle>{t('sell.edit.title')}</PageTitle>
        <p className="notice notice--error" role="alert" data-testid="not-owner">
          {m(MSG.notProductOwner)}
        </p>
        <p>
          <Link to={productPath(product.id)} className="btn btn--ghost">
            {t('sell.edit.backToProduct')}
          </Link>
        </p>
      </div>
    );
  }

  async function remove() {
    if (!requireLogin()) return;
    if (!(await ask({ title: m(MSG.confirmDeleteProduct), confirmLabel: t('sell.edit.delete'), danger: true }))) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deletion.mutateAsync(productId);
    } catch (error) {
      // A failed delete is logged, and the seller is also told it did not work.
      console.warn('delete product failed:', error);
      if (!answerGate(error)) setDeleteError(error instanceof Error ? error.message : String(error));
      setDeleting(false);
    }
  }

  return (
    <div className="sell-page">
      <PageTitle subtitle={t('sell.edit.lead')}>{t('sell.edit.title')}</PageTitle>
      <Link to={productPath(product.id)} className="sell-page__product">
        <img src={product.image.thumb} alt="" width={56} height={56} />
        <span>
          <strong>
            <bdi>{product.title}</bdi>
          </strong>
          <span className="muted">{t('sell.edit.viewProduct')}</span>
        </span>
      </Link>
      <ProductForm
        key={product.id}
        mode="edit"
        initial={valuesFromProduct(product)}
        submitLabel={t('sell.edit.save')}
        pendingLabel={t('sell.edit.saving')}
        onSubmit={async ({ data }) => {
          // In edit mode the form checks the values with EditProductSchema.
          await update.mutateAsync(data as EditProductInput);
          navigate(productPath(product.id), { state: { notice: t('sell.edit.saved') } });
        }}
        actions={
          <>
            <Link to={productPath(product.id)} className="btn btn--ghost">
              {t('sell.cancel')}
            </Link>
            <button
              type="button"
              className="btn btn--danger product-form__delete"
              disabled={deleting}
              onClick={() => void remove()}
              data-testid="delete-product"
            >
              {deleting ? t('sell.edit.deleting') : t('sell.edit.delete')}
            </button>
          </>
        }
      />
      <FormError message={deleteError && m(deleteError)} />
      {confirmDialog}
    </div>
  );
}

export default function EditProductPage() {
  const { productId = '' } = useParams();
  return (
    <RequireAuth>
      <EditProduct productId={productId} />
    </RequireAuth>
  );
}
