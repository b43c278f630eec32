import { Link } from 'react-router';
import { formatMoney, type StreamDetail } from '@souq/shared';
import { richT, useT } from '../../../i18n';

interface Props {
  stream: StreamDetail;
  ended: boolean;
  /** Ended, or its clock ran out: no End Stream button then. */
  biddingOver: boolean;
  onEnd(): void;
}

/** The End Stream button while the show runs; after it, who won for how much and the way back, and the replay. */
export function HostEnding({ stream, ended, biddingOver, onEnd }: Props) {
  const { t, locale } = useT();
  return biddingOver ? (
    <div className="live__ended" data-testid="host-ended">
      {ended && stream.winner && stream.highestBid && (
        <p>
          {richT(t, 'live.host.soldTo', {
            user: (
              <strong>
                <bdi>{stream.winner.username}</bdi>
              </strong>
            ),
            amount: (
              <strong>
                <bdi>{formatMoney(stream.highestBid.amount, locale)}</bdi>
              </strong>
            ),
          })}
        </p>
      )}
      {ended && !stream.winner && <p>{t('live.host.noBids')}</p>}
      <Link to="/live-auction" className="btn btn--primary btn--block">
        {t('live.host.return')}
      </Link>
      {/* The recording becomes the replay seconds after the end (issue 47); its page says if not yet. */}
      {ended && (
        <Link
          to={`/livestream/${stream.id}/replay`}
          className="btn btn--ghost btn--block"
          data-testid="host-replay-link"
        >
          {t('replay.watch')}
        </Link>
      )}
    </div>
  ) : (
    <button type="button" className="btn btn--danger btn--block" onClick={onEnd} data-testid="end-stream">
      {t('live.host.end')}
    </button>
  );
}
