import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { useT } from '../i18n';

export default function NotFoundPage() {
  const { t } = useT();
  return (
    <>
      <PageTitle subtitle={t('app.notFound.subtitle')}>{t('app.notFound.title')}</PageTitle>
      <Link to="/" className="btn btn--primary">
        {t('app.backToShop')}
      </Link>
    </>
  );
}
