import { formatGulfDate } from '../../components/dates';
import { useT } from '../../i18n';
import { useMyStrikes } from './api';

/**
 * A person's own unpaid-item strikes and their bidding suspension (issue 31), on My Account's
 * orders: nothing at all for someone with none, and nobody else ever sees it.
 */
export function MyStrikes() {
  const { t, locale } = useT();
  const strikes = useMyStrikes(true);
  const data = strikes.data;
  if (!data || (!data.strikes.length && !data.suspendedUntil)) return null;
  return (
    <section className="card strikes" aria-labelledby="strikes-title" data-testid="my-strikes">
      <h2 id="strikes-title">{t('wins.strikes.title')}</h2>
      {data.suspendedUntil && (
        <p className="notice notice--error" role="status" data-testid="suspended-until">
          {t('wins.strikes.suspended', { date: formatGulfDate(data.suspendedUntil, locale) })}
        </p>
      )}
      <ul>
        {data.strikes.map((s) => (
          <li key={s.id}>{t('wins.strikes.item', { title: s.title, date: formatGulfDate(s.createdAt, locale) })}</li>
        ))}
      </ul>
      <p className="muted">{t('wins.strikes.rule')}</p>
    </section>
  );
}
