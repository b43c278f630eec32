import { useId } from 'react';
import { REHEARSAL_PACES, type RehearsalPace } from '@souq/shared';
import { useT } from '../../../i18n';

const PACES = Object.keys(REHEARSAL_PACES) as RehearsalPace[];

interface Props {
  pace: RehearsalPace;
  onPace(pace: RehearsalPace): void;
  disabled: boolean;
}

/**
 * "Rehearse" beside Start (issue 47): the same show, started now and seen only by the host and
 * their moderators, with simulated bidders at the chosen pace. It submits the host's form with
 * `value="rehearse"`, which useHostSetup reads from the submitter.
 */
export function RehearsalChoice({ pace, onPace, disabled }: Props) {
  const { t } = useT();
  const id = useId();
  return (
    <section className="host-rehearse" aria-labelledby={`${id}-title`} data-testid="rehearse-section">
      <h2 id={`${id}-title`} className="host-rehearse__title">
        {t('host.rehearse.title')}
      </h2>
      <p className="field__hint">{t('host.rehearse.hint')}</p>
      <div className="field">
        <label htmlFor={`${id}-pace`}>{t('host.rehearse.pace')}</label>
        <select
          id={`${id}-pace`}
          value={pace}
          disabled={disabled}
          onChange={(e) => onPace(e.target.value as RehearsalPace)}
        >
          {PACES.map((p) => (
            <option key={p} value={p}>
              {t(`host.rehearse.pace.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        value="rehearse"
        className="btn btn--ghost btn--block"
        disabled={disabled}
        data-testid="rehearse"
      >
        {t('host.rehearse.start')}
      </button>
    </section>
  );
}
