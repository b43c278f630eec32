import { Link } from 'react-router';
import { useT } from '../i18n';

export function Footer() {
  const { t } = useT();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div>
          <strong>Souq</strong>
          <p className="muted">{t('app.footer.tagline')}</p>
        </div>
        <nav aria-label={t('app.footer.nav')}>
          <Link to="/">{t('app.footer.shop')}</Link>
          <Link to="/auction">{t('app.footer.auctions')}</Link>
          <Link to="/live">{t('app.footer.live')}</Link>
          <Link to="/settings">{t('app.footer.settings')}</Link>
        </nav>
        <p className="muted site-footer__copy">{t('app.footer.copy', { year: String(new Date().getFullYear()) })}</p>
      </div>
    </footer>
  );
}
