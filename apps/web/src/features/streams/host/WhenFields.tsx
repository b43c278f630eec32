import { useId, useRef } from 'react';
import { serverNow } from '../../../api/server-clock';
import { gulfInputValue } from '../../../components/dates';
import { useT } from '../../../i18n';

/** Start now, or schedule for later: a date and time in Gulf time. */
export function WhenFields({
  when,
  scheduledFor,
  error,
  onWhen,
  onTime,
}: {
  when: 'now' | 'later';
  scheduledFor: string;
  error?: string;
  onWhen(when: 'now' | 'later'): void;
  onTime(value: string): void;
}) {
  const { t, m } = useT();
  const timeId = useId();
  const time = useRef<HTMLInputElement>(null);
  return (
    <fieldset className="host-when">
      <legend>{t('host.setup.when')}</legend>
      <div className="host-when__choices">
        <label className="host-when__choice">
          <input type="radio" name="when" value="now" checked={when === 'now'} onChange={() => onWhen('now')} />
          {t('host.setup.startNow')}
        </label>
        <label className="host-when__choice">
          <input
            type="radio"
            name="when"
            value="later"
            checked={when === 'later'}
            onChange={() => {
              onWhen('later');
              // The time is what comes next; the browser's own date picker opens from there.
              requestAnimationFrame(() => time.current?.focus());
            }}
          />
          {t('host.setup.later')}
        </label>
      </div>
      {when === 'later' && (
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={timeId}>{t('host.setup.time')}</label>
          <input
            ref={time}
            id={timeId}
            name="scheduledFor"
            type="datetime-local"
            dir="ltr"
            min={gulfInputValue(serverNow())}
            value={scheduledFor}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${timeId}-note`}
            onChange={(e) => onTime(e.target.value)}
          />
          <small id={`${timeId}-note`} className={error ? 'field__error' : 'field__hint'}>
            {error ? m(error) : t('host.setup.timeHint')}
          </small>
        </div>
      )}
    </fieldset>
  );
}
