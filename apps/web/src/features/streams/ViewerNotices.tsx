import { Link } from 'react-router';
import { MSG } from '@souq/shared';
import { richT, useT } from '../../i18n';
import type { ViewerVideoState } from './video/types';

interface Props {
  state: ViewerVideoState;
  retry: (() => void) | null;
  ended: boolean;
  /** The show, for its replay's link once it ends. */
  streamId: string;
  shut: string | null;
  orderWaiting: boolean;
}

/** Under the video: a way to reconnect, a full stream, a removal, and a show order waiting for its address. */
export function ViewerNotices({ streamId, state, retry, ended, shut, orderWaiting }: Props) {
  const { t, m } = useT();
  return (
    <>
      {state === 'failed' && !ended && !shut && retry && (
        <button type="button" className="btn btn--primary btn--block" onClick={retry} data-testid="refresh-connection">
          {t('live.viewer.refresh')}
        </button>
      )}
      {state === 'full' && !ended && !shut && (
        <p className="notice notice--info" data-testid="stream-full">
          {m(MSG.streamFull)}{' '}
          {retry && (
            <button type="button" className="link-button" onClick={retry}>
              {t('live.viewer.tryAgain')}
            </button>
          )}
        </p>
      )}
      {shut && (
        <p className="notice notice--warn" role="alert" data-testid="removed">
          {m(shut)}
        </p>
      )}
      {ended && !shut && (
        <p className="notice notice--info" data-testid="replay-link">
          <Link to={`/livestream/${streamId}/replay`}>{t('replay.watch')}</Link>
        </p>
      )}
      {orderWaiting && !ended && (
        <p className="notice notice--info" data-testid="show-order">
          {richT(t, 'show.order.pending', {
            link: <Link to="/MyAccount?tab=orders">{t('live.viewer.completeOrder')}</Link>,
          })}
        </p>
      )}
    </>
  );
}
