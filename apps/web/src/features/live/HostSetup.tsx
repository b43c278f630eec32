import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  MSG,
  parseAmountToFils,
  STREAM_COVER_MAX_BYTES,
  STREAM_DURATION_DEFAULT_MIN,
  STREAM_DURATION_MAX,
  STREAM_DURATION_MIN,
  TEST_PREVIEW_MS,
  type FieldErrors,
} from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { MoneyInput } from '../../components/MoneyInput';
import { UploadProgress } from '../../components/UploadProgress';
import { reworded, useForm } from '../../components/useForm';
import { useSellableProducts, useStartStream } from './api';
import { captureCamera, captureHostMedia, stopMedia, useDeviceCheck } from './media';

interface Props {
  hostId: string;
  verified: boolean;
  /** The page's verified-email gate, for a start tried before the email is verified. */
  onNeedVerify(): void;
  /** Live: the stream, and the camera already capturing for it. */
  onStarted(id: string, media: MediaStream): void;
}

export interface HostForm {
  title: string;
  durationMinutes: string;
  productId: string;
  startingBid: string;
}

const EMPTY_HOST: HostForm = {
  title: '',
  durationMinutes: String(STREAM_DURATION_DEFAULT_MIN),
  productId: '',
  startingBid: '',
};

/** The server's host-start rules, checked in the browser before anything is asked of the camera or the server. */
export function validateHostForm(form: HostForm, cover: File | null): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.title.trim()) errors.title = MSG.streamTitleRequired;
  const minutes = Number(form.durationMinutes);
  if (
    !form.durationMinutes.trim() ||
    !Number.isInteger(minutes) ||
    minutes < STREAM_DURATION_MIN ||
    minutes > STREAM_DURATION_MAX
  )
    errors.durationMinutes = MSG.streamDurationRange;
  if (!form.productId) errors.productId = MSG.streamChooseProduct;
  const bid = parseAmountToFils(form.startingBid);
  if (bid === null || bid <= 0) errors.startingBid = MSG.startingBidPositive;
  if (cover && cover.size > STREAM_COVER_MAX_BYTES) errors.cover = MSG.streamCoverTooLarge;
  return errors;
}

/** A failed start says 'Error starting stream: ' (the exact words), then the server's own words when it has them. */
const startFailure = (message: string) =>
  message.startsWith('Error starting stream') ? message : `Error starting stream: ${message}`;

/** The host's form: title, cover, duration, the product and its starting bid, a camera test, Start. */
export function HostSetup({ hostId, verified, onNeedVerify, onStarted }: Props) {
  const [cover, setCover] = useState<{ file: File; url: string } | null>(null);
  // Starting: the camera is ours and the stream is on its way. While the browser still asks for the camera, the form stays as it is.
  const [starting, setStarting] = useState(false);
  // Only a cover makes the upload worth a bar.
  const [progress, setProgress] = useState<number | null>(null);
  const host = useForm({
    initial: EMPTY_HOST,
    check: (values) => {
      const fields = validateHostForm(values, cover?.file ?? null);
      return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, data: values };
    },
    onFailure: reworded(startFailure),
    // The host is signed in to be here: a 401 (a session that ended) is said on the form.
    signInHere: true,
    focusOnlyFields: true,
  });
  const { values: form, fields: errors, error: failure } = host;
  const devices = useDeviceCheck();
  const products = useSellableProducts(hostId);
  const start = useStartStream();
  const coverInput = useRef<HTMLInputElement>(null);
  const coverId = useId();
  const missing = devices.checked && (!devices.camera || !devices.microphone);
  const sellable = (products.data ?? []).filter((p) => !p.isAuction);

  useEffect(() => () => void (cover && URL.revokeObjectURL(cover.url)), [cover]);

  const set = (field: keyof HostForm, value: string) => host.edit(field, value);

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
      let media: MediaStream;
      try {
        media = await captureHostMedia();
      } catch (error) {
        // The browser's own words about the camera, without the server's prefix.
        return host.setError((error as Error).message);
      }
      setStarting(true);
      const body = new FormData();
      body.set('title', checked.title.trim());
      body.set('durationMinutes', checked.durationMinutes.trim());
      body.set('productId', checked.productId);
      body.set('startingBid', String(parseAmountToFils(checked.startingBid)));
      if (cover) body.set('cover', cover.file, cover.file.name);
      try {
        const { id } = await start.mutateAsync({ form: body, onProgress: cover ? setProgress : undefined });
        onStarted(id, media);
      } catch (error) {
        stopMedia(media);
        setStarting(false);
        setProgress(null);
        throw error;
      }
    });
  }

  const startLabel = !verified ? MSG.verifyToStream : missing ? MSG.devicesUnavailable : 'Start Livestream';

  return (
    <form className="host-form card" onSubmit={submit} noValidate data-testid="host-form">
      {!verified && (
        <p className="notice notice--warn" role="status">
          {MSG.streamVerifyRequired}
        </p>
      )}
      {missing && (
        <div className="notice notice--error" role="alert" data-testid="missing-devices">
          <strong>{MSG.missingDevices}</strong>
          <ul>
            {!devices.camera && <li>{MSG.cameraMissing}</li>}
            {!devices.microphone && <li>{MSG.microphoneMissing}</li>}
          </ul>
          <button type="button" className="btn btn--ghost" onClick={() => window.location.reload()}>
            Refresh Page
          </button>
        </div>
      )}
      <fieldset disabled={!verified || starting} className="host-form__fields">
        <legend className="sr-only">Your livestream</legend>
        <Field label="Title" error={errors.title}>
          {(control) => (
            <input
              {...control}
              name="title"
              value={form.title}
              maxLength={120}
              onChange={(e) => set('title', e.target.value)}
              placeholder="What are you selling today?"
            />
          )}
        </Field>

        <div className={`field${errors.cover ? ' field--invalid' : ''}`}>
          <label htmlFor={coverId}>
            Cover image<span className="field__optional"> (optional)</span>
          </label>
          {cover ? (
            <div className="host-form__cover">
              <img src={cover.url} alt={`Cover preview: ${cover.file.name}`} />
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setCover(null);
                  coverInput.current?.focus();
                }}
              >
                Remove cover
              </button>
            </div>
          ) : null}
          <input
            ref={coverInput}
            id={coverId}
            name="cover"
            type="file"
            accept="image/*"
            hidden={cover !== null}
            aria-invalid={errors.cover ? true : undefined}
            aria-describedby={`${coverId}-note`}
            onChange={(e) => pickCover(e.target.files?.[0])}
          />
          <small id={`${coverId}-note`} className={errors.cover ? 'field__error' : 'field__hint'}>
            {errors.cover ?? 'Under 5 MB. Without one, your profile photo is the cover.'}
          </small>
        </div>

        <Field label="Bidding duration (minutes)" error={errors.durationMinutes}>
          {(control) => (
            <input
              {...control}
              name="durationMinutes"
              type="number"
              inputMode="numeric"
              min={STREAM_DURATION_MIN}
              max={STREAM_DURATION_MAX}
              step={1}
              value={form.durationMinutes}
              onChange={(e) => set('durationMinutes', e.target.value)}
            />
          )}
        </Field>

        <Field
          label="Product on sale"
          error={errors.productId}
          hint={
            products.isSuccess && sellable.length === 0
              ? 'Add a product first: only your products that are not on auction can be sold live.'
              : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              name="productId"
              value={form.productId}
              onChange={(e) => {
                set('productId', e.target.value);
                const chosen = sellable.find((p) => p.id === e.target.value);
                if (chosen && !form.startingBid) set('startingBid', (chosen.price / 100).toFixed(2));
              }}
            >
              <option value="">{products.isPending ? 'Loading your products…' : 'Choose a product'}</option>
              {sellable.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field label="Starting bid" error={errors.startingBid}>
          {(control) => (
            <MoneyInput
              {...control}
              name="startingBid"
              value={form.startingBid}
              onChange={(e) => set('startingBid', e.target.value)}
            />
          )}
        </Field>

        <CameraTest />
      </fieldset>

      <FormError message={failure} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={starting || (verified && missing)}
        data-testid="start-stream"
      >
        {startLabel}
      </button>
      {starting && (
        <div className="host-form__overlay" role="status" data-testid="starting-overlay">
          <span className="spinner__wheel" aria-hidden="true" />
          {MSG.startingStream}
          <UploadProgress fraction={progress} label="Uploading the cover" />
        </div>
      )}
    </form>
  );
}

/** 'Test Camera and Microphone': a 5-second preview, then the camera is released. */
function CameraTest() {
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
            setError(`${(e as Error).message}. Please check device permissions.`),
          );
        }}
      >
        Test Camera and Microphone
      </button>
      {media && (
        <video
          ref={video}
          className="camera-test__preview"
          autoPlay
          playsInline
          muted
          aria-label="Camera preview"
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
