import { Link } from 'react-router';
import { useT } from '../../i18n';

/** Under an empty auctions tab: the owner is shown how to start one, anyone else where to find others. */
export function NoAuctions({ own, onProducts }: { own: boolean; onProducts: () => void }) {
  const { t } = useT();
  return own ? (
    <>
      <p className="muted">{t('account.auctions.emptyHint', { action: t('account.products.moveToAuction') })}</p>
      <button type="button" className="btn btn--primary" onClick={onProducts}>
        {t('account.auctions.viewProducts')}
      </button>
    </>
  ) : (
    <Link to="/auction" className="btn btn--primary">
      {t('account.auctions.browse')}
    </Link>
  );
}
