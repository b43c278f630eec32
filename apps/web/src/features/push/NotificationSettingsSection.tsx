import { CHANNELS, NOTIFICATION_TOPICS, type Channel, type TopicSetting } from '@souq/shared';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { useNotificationSettings, useSaveTopic } from './api';
import { ThisDevice } from './ThisDevice';
import './push.css';

const CHANNEL_WORDS = { bell: 'push.settings.bell', email: 'push.settings.email', push: 'push.settings.push' } as const;
const TOPIC_WORDS = {
  outbid: 'push.topic.outbid',
  won: 'push.topic.won',
  show_live: 'push.topic.show_live',
  offer_answered: 'push.topic.offer_answered',
  delivery_failed: 'push.topic.delivery_failed',
} as const;

/** Settings → Notifications (issue 48): each kind of news on the bell, by email and as a push message, and this device. */
export function NotificationSettingsSection() {
  const { t } = useT();
  const settings = useNotificationSettings();
  const save = useSaveTopic();

  const flip = (topic: TopicSetting, channel: Channel) => save.mutate({ ...topic, [channel]: !topic[channel] });

  return (
    <section className="card push-settings" aria-labelledby="push-settings-title" data-testid="notification-settings">
      <h2 id="push-settings-title">{t('push.settings.title')}</h2>
      <p className="muted">{t('push.settings.lead')}</p>
      {settings.isError ? (
        <ErrorState title={t('push.settings.loadFailed')} onRetry={() => void settings.refetch()} />
      ) : (
        <table className="push-settings__table">
          <thead>
            <tr>
              <td />
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="push-settings__switch">
                  {t(CHANNEL_WORDS[channel])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(settings.data?.topics ?? NOTIFICATION_TOPICS.map((topic) => ({ topic }) as Partial<TopicSetting>)).map(
              (row) => (
                <tr key={row.topic}>
                  <th scope="row">{t(TOPIC_WORDS[row.topic!])}</th>
                  {CHANNELS.map((channel) => (
                    <td key={channel} className="push-settings__switch">
                      {settings.data ? (
                        <label>
                          <input
                            type="checkbox"
                            checked={row[channel]}
                            aria-label={t('push.settings.switch', {
                              channel: t(CHANNEL_WORDS[channel]),
                              topic: t(TOPIC_WORDS[row.topic!]),
                            })}
                            onChange={() => flip(row as TopicSetting, channel)}
                          />
                        </label>
                      ) : (
                        <Skeleton width={20} height={20} style={{ display: 'inline-block', margin: 12 }} />
                      )}
                    </td>
                  ))}
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      <p role="status" className={save.isError ? 'notice notice--error' : 'muted'}>
        {save.isError ? t('push.settings.failed') : save.isSuccess ? t('push.settings.saved') : ''}
      </p>
      <ThisDevice />
    </section>
  );
}
