import { MSG } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { UploadProgress } from '../../components/UploadProgress';
import { useT } from '../../i18n';
import { CameraTest } from './host/CameraTest';
import { CoverField } from './host/CoverField';
import { MissingDevices } from './host/MissingDevices';
import { RehearsalChoice } from './host/RehearsalChoice';
import { ShowProducts } from './host/ShowProducts';
import { useHostSetup, type HostSetupProps } from './host/useHostSetup';
import { WhenFields } from './host/WhenFields';
import { useDeviceCheck } from './media';

export { validateHostForm, type HostForm } from './host/host-form';

/**
 * The host's form: title, cover, the show's length, now or later (Gulf time), the product on sale
 * (or a run sheet of lots), a camera test, Start. A show for later needs no camera yet: it is
 * captured when the host goes live. Rehearse starts the same show privately, with simulated bidders.
 */
export function HostSetup(props: HostSetupProps) {
  const { verified } = props;
  const { t, m } = useT();
  const { host, sale, cover, pickCover, removeCover, starting, progress, submit } = useHostSetup(props);
  const { values: form, fields: errors, error: failure } = host;
  const devices = useDeviceCheck();
  const missing = devices.checked && (!devices.camera || !devices.microphone);
  const later = form.when === 'later';

  const set = (field: 'title' | 'durationMinutes' | 'scheduledFor', value: string) => host.edit(field, value);

  // Scheduling asks nothing of the camera, so missing devices do not stop it.
  const blocked = missing && !later;
  const startLabel = !verified
    ? m(MSG.verifyToStream)
    : blocked
      ? m(MSG.devicesUnavailable)
      : later
        ? t('host.setup.schedule')
        : t('live.setup.start');

  return (
    <form className="host-form card" onSubmit={submit} noValidate data-testid="host-form">
      {!verified && (
        <p className="notice notice--warn" role="status">
          {m(MSG.streamVerifyRequired)}
        </p>
      )}
      {missing && <MissingDevices camera={devices.camera} microphone={devices.microphone} />}
      <fieldset disabled={!verified || starting} className="host-form__fields">
        <legend className="sr-only">{t('live.setup.legend')}</legend>
        <Field label={t('live.setup.title')} error={errors.title && m(errors.title)}>
          {(control) => (
            <input
              {...control}
              name="title"
              value={form.title}
              maxLength={120}
              onChange={(e) => set('title', e.target.value)}
              placeholder={t('live.setup.titlePlaceholder')}
            />
          )}
        </Field>

        <CoverField cover={cover} error={errors.cover} onPick={pickCover} onRemove={removeCover} />

        <Field label={t('live.setup.duration')} error={errors.durationMinutes && m(errors.durationMinutes)}>
          {(control) => (
            <input
              {...control}
              name="durationMinutes"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={form.durationMinutes}
              onChange={(e) => set('durationMinutes', e.target.value)}
            />
          )}
        </Field>

        <WhenFields
          when={form.when ?? 'now'}
          scheduledFor={form.scheduledFor ?? ''}
          error={errors.scheduledFor}
          onWhen={(when) => host.edit('when', when)}
          onTime={(value) => set('scheduledFor', value)}
        />

        <ShowProducts
          state={sale}
          errors={errors}
          onEdited={(prefix) =>
            host.setFields((f) => Object.fromEntries(Object.entries(f).filter(([name]) => !name.startsWith(prefix))))
          }
        />

        <CameraTest />
      </fieldset>

      <FormError message={failure} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={starting || (verified && blocked)}
        data-testid="start-stream"
      >
        {startLabel}
      </button>
      <RehearsalChoice
        pace={form.rehearsalPace ?? 'lively'}
        onPace={(pace) => host.edit('rehearsalPace', pace)}
        disabled={!verified || starting || missing}
      />
      {starting && (
        <div className="host-form__overlay" role="status" data-testid="starting-overlay">
          <span className="spinner__wheel" aria-hidden="true" />
          {m(MSG.startingStream)}
          <UploadProgress fraction={progress} label={t('live.setup.uploadingCover')} />
        </div>
      )}
    </form>
  );
}
