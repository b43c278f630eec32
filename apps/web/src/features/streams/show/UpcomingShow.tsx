import { useEffect, type ReactNode } from 'react';
import { formatMoney, type Lot, type StreamDetail } from '@souq/shared';
import { formatGulfDateTime } from '../../../components/dates';
import { ProductThumb } from './ProductThumb';
import { useT } from '../../../i18n';
import './show.css';
import { richT } from '../../../i18n';
import { ShowHeader } from '../ShowHeader';
import { ShowLoginLink } from '../ShowLoginLink';
import { useStreamRoom } from '../useStreamRoom';
import { useReminder } from './api';
import { PrebidForm } from './PrebidForm';

interface Props {
  stream: StreamDetail;
  me: { id: string; verified: boolean } | null;
  follow?: ReactNode;
  requireLogin(): boolean;
  requireVerified(): boolean;
}

const LOT_STATUS = {
  waiting: 'show.status.waiting',
  running: 'show.status.running',
  sold: 'show.status.sold',
  passed: 'show.status.passed',
} as const;

/**
 * A scheduled show's page: when it starts (Gulf time), "Remind me", and the run sheet with a
 * pre-bid form on each waiting lot. It joins the show's room, so going live turns this page into
 * the live one without a reload.
 */
export function UpcomingShow({ stream, me, follow, requireLogin, requireVerified }: Props) {
  const { t, m, locale } = useT();
  const { reread } = useStreamRoom(stream.id, me?.id ?? null);
  // The room says when the host goes live; a read every half minute covers a socket that cannot connect.
  useEffect(() => {
    const timer = setInterval(reread, 30_000);
    return () => clearInterval(timer);
  }, [reread]);
  const reminder = useReminder(stream.id);
  const startsAt = stream.scheduledFor ?? stream.startedAt;
  const lots = [...stream.lots].sort((a, b) => a.position - b.position);
  const canPrebid = me !== null && me.verified && !stream.isHost;

  return (
    <article className="live upcoming-show" data-testid="upcoming-show">
      <ShowHeader stream={stream} follow={follow} />

      <div className="upcoming-show__intro card">
        <img className="upcoming-show__cover" src={stream.cover} alt="" width={640} height={360} />
        <p className="upcoming-show__time" data-testid="show-starts">
          <span className="stream-card__badge stream-card__badge--scheduled">{t('live.badge.upcoming')}</span>{' '}
          <strong>{t('show.upcoming.startsAt', { time: m(formatGulfDateTime(startsAt, locale)) })}</strong>
        </p>
        {!stream.isHost && (
          <>
            <button
              type="button"
              className={`btn ${stream.reminded ? 'btn--ghost' : 'btn--primary'}`}
              aria-pressed={stream.reminded}
              disabled={reminder.isPending}
              onClick={() => requireLogin() && reminder.mutate(!stream.reminded)}
              data-testid="remind-me"
            >
              {stream.reminded ? t('show.upcoming.reminded') : t('show.upcoming.remind')}
            </button>
            <p className="muted">{t('show.upcoming.remindHint')}</p>
            {reminder.isError && (
              <p className="form-error" role="alert">
                {m(reminder.error.message)}
              </p>
            )}
          </>
        )}
      </div>

      <section className="run-sheet card" aria-labelledby="run-sheet-title" data-testid="run-sheet">
        <h2 id="run-sheet-title">{t('show.upcoming.runSheet')}</h2>
        {!me && !stream.isHost && lots.length > 0 && (
          <p className="muted">
            {richT(t, 'show.prebid.login', {
              link: <ShowLoginLink streamId={stream.id} />,
            })}
          </p>
        )}
        {me && !me.verified && !stream.isHost && lots.length > 0 && (
          <p className="notice notice--info" data-testid="prebid-verify">
            {t('show.prebid.verify')}{' '}
            <button type="button" className="btn btn--ghost" onClick={() => void requireVerified()}>
              {t('show.prebid.verifyButton')}
            </button>
          </p>
        )}
        {lots.length === 0 ? (
          <p className="muted">{t('show.upcoming.emptyRunSheet')}</p>
        ) : (
          <ol className="run-sheet__list">
            {lots.map((lot) => (
              <RunSheetLot
                key={lot.id}
                lot={lot}
                streamId={stream.id}
                prebid={canPrebid && lot.status === 'waiting'}
                mine={stream.myPrebids[lot.id]}
                status={t(LOT_STATUS[lot.status])}
                startingBid={formatMoney(lot.startingBid, locale)}
              />
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

function RunSheetLot({
  lot,
  streamId,
  prebid,
  mine,
  status,
  startingBid,
}: {
  lot: Lot;
  streamId: string;
  prebid: boolean;
  mine: number | undefined;
  status: string;
  startingBid: string;
}) {
  const { t } = useT();
  return (
    <li className="run-sheet__lot" data-testid="run-sheet-lot">
      <div className="run-sheet__head">
        <ProductThumb image={lot.product.image} size={56} />
        <span className="run-sheet__text">
          <bdi>{lot.product.title}</bdi>
          <span className="muted">{t('show.comingUp.from', { amount: startingBid })}</span>
        </span>
        <span className="pill pill--small">{status}</span>
      </div>
      {prebid && <PrebidForm streamId={streamId} lot={lot} mine={mine} />}
    </li>
  );
}
