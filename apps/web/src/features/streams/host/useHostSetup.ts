import { useRef, useState, type FormEvent } from 'react';
import { MSG, STREAM_COVER_MAX_BYTES } from '@souq/shared';
import { reworded, useForm } from '../../../components/useForm';
import { useT } from '../../../i18n';
import { useSellableProducts, useStartStream } from '../api';
import { captureHostMedia, mediaErrorText, stopMedia } from '../media';
import { useCoverPreview } from './CoverField';
import { checkHostForm, EMPTY_HOST, startRequestBody } from './host-form';
import { useShowProducts } from './ShowProducts';

export interface HostSetupProps {
  hostId: string;
  verified: boolean;
  /** The page's verified-email gate, for a start tried before the email is verified. */
  onNeedVerify(): void;
  /** Live: the stream, and the camera already capturing for it (none for a show scheduled for later). */
  onStarted(id: string, media: MediaStream | null): void;
}

/**
 * The host form's state: its values and messages, the cover, what is on sale, and Start (the
 * camera first when going live now, then the stream's request with the cover's upload progress).
 */
export function useHostSetup({ hostId, verified, onNeedVerify, onStarted }: HostSetupProps) {
  const i18n = useT();
  const { t, m } = i18n;
  /** A failed start says 'Error starting stream: ' (the exact words), then the server's own words when it has them. */
  const startFailure = (message: string) =>
    message.startsWith('Error starting stream') ? m(message) : t('live.setup.startError', { message: m(message) });
  const [cover, setCover] = useCoverPreview();
  // Starting: the camera is ours and the stream is on its way. While the browser still asks for the camera, the form stays as it is.
  const [starting, setStarting] = useState(false);
  // Only a cover makes the upload worth a bar.
  const [progress, setProgress] = useState<number | null>(null);
  const products = useSellableProducts(hostId);
  const sale = useShowProducts(products.data);
  // Which button sent the form: Rehearse starts a private show now, whatever the when says.
  const rehearsing = useRef(false);
  const host = useForm({
    initial: EMPTY_HOST,
    check: (values) => checkHostForm(values, cover?.file ?? null, sale, rehearsing.current),
    onFailure: reworded(startFailure),
    // The host is signed in to be here: a 401 (a session that ended) is said on the form.
    signInHere: true,
    focusOnlyFields: true,
  });
  const start = useStartStream();

  /** False for a file over the cover's limit: the field says so, and the file is not kept. */
  function pickCover(file: File): boolean {
    if (file.size > STREAM_COVER_MAX_BYTES) {
      host.setFields((e) => ({ ...e, cover: MSG.streamCoverTooLarge }));
      return false;
    }
    host.clearField('cover');
    setCover(file);
    return true;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!verified) {
      event.preventDefault();
      return onNeedVerify();
    }
    rehearsing.current = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'rehearse';
    const rehearsal = rehearsing.current;
    void host.submit(event, async (checked) => {
      let media: MediaStream | null = null;
      if (checked.when !== 'later' || rehearsal) {
        try {
          media = await captureHostMedia();
        } catch (error) {
          // The browser's own words about the camera, without the server's prefix.
          return host.setError(mediaErrorText((error as Error).message, i18n));
        }
      }
      setStarting(true);
      const body = startRequestBody(checked, cover?.file ?? null, rehearsal);
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

  return { host, sale, cover, pickCover, removeCover: () => setCover(null), starting, progress, submit };
}
