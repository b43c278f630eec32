import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';

/** The live screen's shape while it loads: title, host line, the 16:9 video, the banner, the chat. */
export function StreamSkeleton() {
  const { t } = useT();
  return (
    <div className="live" role="status" aria-label={t('live.loading')} data-testid="stream-skeleton">
      <div className="live__head" aria-hidden="true">
        <Skeleton width="60%" height={32} />
        <Skeleton width="40%" height={44} style={{ marginTop: 8 }} />
      </div>
      <div className="live__layout" aria-hidden="true">
        <div className="live__stage">
          <Skeleton height={44} />
          <Skeleton className="live__video" />
          <Skeleton height={52} />
        </div>
        <div className="chat card">
          <Skeleton width="40%" height={20} />
          <Skeleton height={320} style={{ marginTop: 12 }} />
          <Skeleton height={44} style={{ marginTop: 12 }} />
        </div>
      </div>
    </div>
  );
}
