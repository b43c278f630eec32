import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  MSG,
  readNumber,
  SCHEDULE_MAX_MS,
  STREAM_COVER_MAX_BYTES,
  STREAM_DURATION_DEFAULT_MIN,
  STREAM_DURATION_MAX,
  STREAM_DURATION_MIN,
  TEST_PREVIEW_MS,
  type FieldErrors,
} from '@souq/shared';
import { Field } from '../../components/Field';
import { FileInput } from '../../components/FileInput';
import { FormError } from '../../components/FormError';
import { UploadProgress } from '../../components/UploadProgress';
import { reworded, useForm } from '../../components/useForm';
import { serverNow } from '../../api/server-clock';
import { useT } from '../../i18n';
import { ShowProducts, useShowProducts } from './host/ShowProducts';
import { gulfInputToIso, gulfInputValue } from '../../components/dates';
import { useSellableProducts, useStartStream } from './api';
import { captureCamera, captureHostMedia, mediaErrorText, stopMedia, useDeviceCheck } from './media';

interface Props {
  hostId: string;
  verified: boolean;
  /** The page's verified-email gate, for a start tried before the email is verified. */
  onNeedVerify(): void;
  /** Live: the stream, and the camera already capturing for it (none for a show scheduled for later). */
  onStarted(id: string, media: MediaStream | null): void;
}

export interface HostForm {
  title: string;
  durationMinutes: string;
  /** Start now, or announce the show for a time in Gulf time. */
  when?: 'now' | 'later';
  /** A `datetime-local` value, read as Gulf time (Asia/Dubai). */
  scheduledFor?: string;
}

const EMPTY_HOST: HostForm = {
  title: '',
  durationMinutes: String(STREAM_DURATION_DEFAULT_MIN),
  when: 'now',
  scheduledFor: '',
};

/** The server's host-start rules, checked in the browser before anything is asked of the camera or the server. */
export function validateHostForm(form: HostForm, cover: File | null, now = serverNow()): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.title.trim()) errors.title = MSG.streamTitleRequired;
  // Read as the server reads it: an Arabic keyboard's ٠–٩ count (shared/numbers.ts).
  const minutes = readNumber(form.durationMinutes);
  if (minutes === null || !Number.isInteger(minutes) || minutes < STREAM_DURATION_MIN || minutes > STREAM_DURATION_MAX)
    errors.durationMinutes = MSG.streamDurationRange;
  if (form.when === 'later') {
    const iso = gulfInputToIso(form.scheduledFor ?? '');
    const at = iso === null ? NaN : Date.parse(iso);
    if (!(at > now)) errors.scheduledFor = MSG.chooseShowTime;
    else if (at - now > SCHEDULE_MAX_MS) errors.scheduledFor = MSG.showTimeTooFar;
  }
  if (cover && cover.size > STREAM_COVER_MAX_BYTES) errors.cover = MSG.streamCoverTooLarge;
  return errors;
}

/**
 * The host's form: title, cover, the show's length, now or later (Gulf time), the product on sale
 * (or a run sheet of lots), a camera test, Start. A show for later needs no camera yet: it is
 * captured when the host goes live.
 */
export function HostSetup({ hostId, verified, onNeedVerify, onStarted }: Props) {
  const i18n = useT();
  const { t, m } = i18n;
  /** A failed start says 'Error starting stream: ' (the exact words), then the server's own words when it has them. */
  const startFailure = (message: string) =>
    message.startsWith('Error starting stream') ? m(message) : t('live.setup.startError', { message: m(message) });
  const [cover, setCover] = useState<{ file: File; url: string } | null>(null);
  // Starting: the camera is ours and the stream is on its way. While the browser still asks for the camera, the form stays as it is.
  const [starting, setStarting] = useState(false);
  // Only a cover makes the upload worth a bar.
  const [progress, setProgress] = useState<number | null>(null);
  const products = useSellableProducts(hostId);
  const sale = useShowProducts(products.data);
  const host = useForm({
    initial: EMPTY_HOST,
    check: (values) => {
      const fields = validateHostForm(values, cover?.file ?? null);
      const planned = sale.plan();
      if (!planned.ok) {
        Object.assign(fields, planned.fields);
        // Each lot's messages under the server's own names for them (`lots.1.seconds`), so focus finds the first.
        sale.lots.forEach((lot, i) => {
          for (const [name, message] of Object.entries(planned.errors[lot.productId] ?? {}))
            fields[`lots.${i}.${name}`] = message;
        });
      }
      return Object.keys(fields).length > 0 || !planned.ok
        ? { ok: false, fields }
        : { ok: true, data: { ...values, plan: planned.plan } };
    },
    onFailure: reworded(startFailure),
    // The host is signed in to be here: a 401 (a session that ended) is said on the form.
    signInHere: true,
    focusOnlyFields: true,
  });
  const { values: form, fields: errors, error: failure } = host;
  const devices = useDeviceCheck();
  const start = useStartStream();
  const coverInput = useRef<HTMLInputElement>(null);
  const coverId = useId();
  const missing = devices.checked && (!devices.camera || !devices.microphone);
  const later = form.when === 'later';

  useEffect(() => () => void (cover && URL.revokeObjectURL(cover.url)), [cover]);

  const set = (field: 'title' | 'durationMinutes' | 'scheduledFor', value: string) => host.edit(field, value);

  function pickCover(file: File | undefined) {
    if (!file) return;
    if (file.size > STREAM_COVER_MAX_BYTES) {
      host.setFields((e) => ({ ...e, cover: MSG.streamCoverTooLarge }));
      if (coverInput.current) coverInput.current.value = '';
      return;
    }
    host.clearField('cover');
    setCover({ file, url: URL.createObjectURL(file) });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!verified) {
      event.preventDefault();
      return onNeedVerify();
    }
    void host.submit(event, async (checked) => {
      let media: MediaStream | null = null;
      if (checked.when !== 'later') {
        try {
          media = await captureHostMedia();
        } catch (error) {
          // The browser's own words about the camera, without the server's prefix.
          return host.setError(mediaErrorText((error as Error).message, i18n));
        }
      }
      setStarting(true);
      const body = new FormData();
      body.set('title', checked.title.trim());
      body.set('durationMinutes', checked.durationMinutes.trim());
      if (checked.plan.kind === 'single') {
        body.set('productId', checked.plan.productId);
        body.set('startingBid', String(checked.plan.startingBid));
      } else body.set('lots', JSON.stringify(checked.plan.lots));
      if (checked.when === 'later') body.set('scheduledFor', gulfInputToIso(checked.scheduledFor ?? '')!);
      if (cover) body.set('cover', cover.file, cover.file.name);
      try {
        const { id } = await start.mutateAsync({ form: body, onProgress: cover ? setProgress : undefined });
        onStarted(id, media);
      } catch (error) {
        if (media) stopMedia(media);
        setStarting(false);
        setProgress(null);
        throw error;
      }
    });
  }

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
      {missing && (
        <div className="notice notice--error" role="alert" data-testid="missing-devices">
          <strong>{m(MSG.missingDevices)}</strong>
          <ul>
            {!devices.camera && <li>{m(MSG.cameraMissing)}</li>}
            {!devices.microphone && <li>{m(MSG.microphoneMissing)}</li>}
          </ul>
          <button type="button" className="btn btn--ghost" onClick={() => window.location.reload()}>
            {t('live.setup.refresh')}
          </button>
        </div>
      )}
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

        <div className={`field${errors.cover ? ' field--invalid' : ''}`}>
          <label htmlFor={coverId}>
            {t('live.setup.cover')}
            <span className="field__optional"> {t('live.setup.optional')}</span>
          </label>
          {cover ? (
            <div className="host-form__cover">
              <img src={cover.url} alt={t('live.setup.coverAlt', { name: cover.file.name })} />
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setCover(null);
                  coverInput.current?.focus();
                }}
              >
                {t('live.setup.removeCover')}
              </button>
            </div>
          ) : null}
          <FileInput
            ref={coverInput}
            id={coverId}
            name="cover"
            accept="image/*"
            hidden={cover !== null}
            aria-invalid={errors.cover ? true : undefined}
            aria-describedby={`${coverId}-note`}
            onChange={(e) => pickCover(e.target.files?.[0])}
          />
          <small id={`${coverId}-note`} className={errors.cover ? 'field__error' : 'field__hint'}>
            {errors.cover ? m(errors.cover) : t('live.setup.coverHint')}
          </small>
        </div>

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

/** Start now, or schedule for later: a date and time in Gulf time. */
function WhenFields({
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

/** 'Test Camera and Microphone': a 5-second preview, then the camera is released. */
function CameraTest() {
  const i18n = useT();
  const { t } = i18n;
  const video = useRef<HTMLVideoElement>(null);
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!media) return;
    if (video.current) video.current.srcObject = media;
    const timer = setTimeout(() => setMedia(null), TEST_PREVIEW_MS);
    return () => {
      clearTimeout(timer);
      stopMedia(media);
    };
  }, [media]);

  return (
    <div className="camera-test">
      <button
        type="button"
        className="btn btn--ghost"
        disabled={media !== null}
        onClick={() => {
          setError(null);
          captureCamera().then(setMedia, (e: unknown) =>
            setError(t('live.setup.cameraError', { message: mediaErrorText((e as Error).message, i18n) })),
          );
        }}
      >
        {t('live.setup.testCamera')}
      </button>
      {media && (
        <video
          ref={video}
          className="camera-test__preview"
          autoPlay
          playsInline
          muted
          aria-label={t('live.setup.preview')}
          data-testid="camera-preview"
        />
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
