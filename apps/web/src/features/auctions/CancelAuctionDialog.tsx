import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { useT } from '../../i18n';

interface Props {
  pending: boolean;
  error: string | null;
  onKeep: () => void;
  onCancel: () => void;
}

/** The seller confirms cancelling their auction, or keeps it. */
export function CancelAuctionDialog({ pending, error, onKeep, onCancel }: Props) {
  const { t } = useT();
  return (
    <Modal
      title={t('auctions.seller.confirmTitle')}
      onClose={() => !pending && onKeep()}
      actions={
        <>
          <button type="button" className="btn btn--ghost" disabled={pending} onClick={onKeep}>
            {t('auctions.seller.keep')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={pending}
            onClick={onCancel}
            data-testid="confirm-cancel"
          >
            {pending ? t('auctions.seller.cancelling') : t('auctions.seller.cancel')}
          </button>
        </>
      }
    >
      <p>{t('auctions.seller.confirmBody')}</p>
      <FormError message={error} />
    </Modal>
  );
}
