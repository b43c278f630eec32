import { Link } from 'react-router';
import { formatMoney, MSG, type StreamCard as Card } from '@souq/shared';
import { formatGulfDateTime } from '../../components/dates';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { richT } from '../../i18n';
import { TimeLeft } from './TimeLeft';

const BADGE = { live: 'live.badge.live', ended: 'live.badge.ended', scheduled: 'live.badge.upcoming' } as const;

/** A card on /live: badge, cover, title, host, time left (an upcoming one: its start, Gulf time); ended ones greyed with the final bid. */
export function StreamCard({ stream }: { stream: Card }) {
  const { t, m, locale } = useT();
  const ended = stream.status === 'ended';
  const title = stream.title.trim() || m(MSG.untitledStream);
  return (
    <Link
      to={`/livestream/${stream.id}`}
      className={`link-card stream-card${ended ? ' stream-card--ended' : ''}`}
      data-testid="stream-card"
      data-status={stream.status}
    >
      <div className="stream-card__media">
        <img src={stream.cover} alt="" loading="lazy" width={400} height={225} />
        <span className={`stream-card__badge stream-card__badge--${stream.status}`}>{t(BADGE[stream.status])}</span>
      </div>
      <div className="stream-card__body">
        <h2 className="stream-card__title">{title}</h2>
        <p className="stream-card__host muted">
          {richT(t, 'live.card.host', {
            name: (
              <span>
                <bdi>{stream.host.username || m(MSG.anonymousHost)}</bdi>
              </span>
            ),
          })}
        </p>
        {stream.status === 'scheduled' ? (
          <p className="stream-card__starts" data-testid="starts-at">
            {t('live.card.startsAt', {
              time: m(formatGulfDateTime(stream.scheduledFor ?? stream.startedAt, locale)),
            })}
          </p>
        ) : (
          <TimeLeft endsAt={stream.endsAt} ended={ended} style="list" />
        )}
        {ended && stream.highestBid && (
          <p className="stream-card__final" data-testid="final-bid">
            {t('live.card.finalBid', { amount: formatMoney(stream.highestBid.amount, locale) })}
          </p>
        )}
      </div>
    </Link>
  );
}

/** Placeholders the size of stream cards while the list loads. */
export function StreamCardSkeletons({ count = 6 }: { count?: number }) {
  const { t } = useT();
  return (
    <div className="stream-grid" role="status" aria-label={t('live.card.loading')} data-testid="stream-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="link-card stream-card stream-card--skeleton" aria-hidden="true">
          <Skeleton className="stream-card__media" />
          <div className="stream-card__body">
            <Skeleton width="80%" height={20} />
            <Skeleton width="50%" height={16} />
            <Skeleton width="35%" height={16} />
          </div>
        </div>
      ))}
    </div>
  );
}
