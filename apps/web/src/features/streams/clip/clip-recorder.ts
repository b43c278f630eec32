import { pickClipMimeType } from './mime-type';
import { pickSegment } from './pick-segment';
import { withWebmDuration } from './webm-duration';

/** The moment a lot sold, as a file to upload. */
export interface Clip {
  blob: Blob;
  durationMs: number;
  mimeType: string;
}

export interface ClipRecorder {
  /**
   * Stops the segment that holds the last ~10–20 s up to now and hands it over as one standalone
   * file; the rolling goes on for the next lot. Null, never a rejection, when nothing could be
   * recorded: a clip is a keepsake, and a device that cannot record must never hold up a sale.
   */
  takeClip(): Promise<Clip | null>;
  /** Ends every recorder and the rolling; what was recorded is dropped. */
  stop(): void;
}

export interface ClipRecorderOptions {
  /** How often a new segment starts; with `keep` of them the clip covers `segmentMs` to `keep × segmentMs`. */
  segmentMs?: number;
  /** How many segments run at once (older ones are dropped). */
  keep?: number;
  /** A segment shorter than this is taken only when there is no longer one. */
  minClipMs?: number;
  /** How long takeClip waits for a stopped recorder's last data before giving up on the clip. */
  stopTimeoutMs?: number;
  /** Each segment's video bit rate: a clip is uploaded, so it need not be the stream's quality. */
  videoBitsPerSecond?: number;
  audioBitsPerSecond?: number;
  /** Seams for tests: the recorder class and a monotonic clock in ms. */
  MediaRecorder?: typeof MediaRecorder;
  now?: () => number;
}

interface Segment {
  recorder: MediaRecorder;
  startedAt: number;
  chunks: Blob[];
  /** Resolves once the recorder has handed over its last data and stopped. */
  stopped: Promise<void>;
}

/**
 * Keeps the last ~20 s of the host's own camera as recordable clips, in the host's browser (issue 30,
 * "The clip of the sale"). MediaRecorder cannot cut the front off a recording, and a WebM file's
 * later chunks do not play without its first one, so rather than one long recording it runs
 * overlapping ones: a new MediaRecorder every `segmentMs`, at most `keep` at once. At the sale the
 * oldest is stopped: its whole output is a standalone file of the last 10–20 s.
 *
 * Null when this browser has no MediaRecorder or can write none of the clip types.
 */
export function createClipRecorder(stream: MediaStream, opts: ClipRecorderOptions = {}): ClipRecorder | null {
  const Found = opts.MediaRecorder ?? (typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder);
  if (!Found) return null;
  const Recorder: typeof MediaRecorder = Found;
  const chosen = pickClipMimeType((type) => Recorder.isTypeSupported(type));
  if (!chosen) return null;
  const mimeType: string = chosen;

  const segmentMs = opts.segmentMs ?? 10_000;
  const keep = Math.max(1, opts.keep ?? 2);
  const minClipMs = opts.minClipMs ?? 5_000;
  const stopTimeoutMs = opts.stopTimeoutMs ?? 3_000;
  const now = opts.now ?? (() => performance.now());
  const recorderOptions: MediaRecorderOptions = {
    mimeType,
    videoBitsPerSecond: opts.videoBitsPerSecond ?? 1_000_000,
    audioBitsPerSecond: opts.audioBitsPerSecond ?? 64_000,
  };

  /** Running segments, oldest first. */
  let running: Segment[] = [];
  let nextStart: ReturnType<typeof setTimeout> | undefined;
  let ended = false;

  function begin(): Segment | null {
    let recorder: MediaRecorder;
    try {
      recorder = new Recorder(stream, recorderOptions);
    } catch {
      return null;
    }
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    const stopped = new Promise<void>((resolve) => {
      recorder.addEventListener('stop', () => resolve());
      // A recorder that fails (the camera gone, an encoder error) stops; it is no longer a candidate.
      recorder.addEventListener('error', () => {
        running = running.filter((s) => s.recorder !== recorder);
        resolve();
      });
    });
    try {
      // A timeslice, so the encoder hands its data over as it goes rather than holding it all until stop().
      recorder.start(1_000);
    } catch {
      return null;
    }
    return { recorder, startedAt: now(), chunks, stopped };
  }

  const halt = (segment: Segment) => {
    if (segment.recorder.state !== 'inactive') segment.recorder.stop();
  };

  /** Starts a segment, drops the ones beyond `keep`, and schedules the next. */
  function roll() {
    clearTimeout(nextStart);
    if (ended) return;
    const segment = begin();
    if (segment) running.push(segment);
    while (running.length > keep) halt(running.shift()!);
    nextStart = setTimeout(roll, segmentMs);
  }

  async function finish(segment: Segment): Promise<Clip | null> {
    const durationMs = Math.round(now() - segment.startedAt);
    halt(segment);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), stopTimeoutMs)));
    const outcome = await Promise.race([segment.stopped, gaveUp]);
    clearTimeout(timer);
    if (outcome === 'timeout' || segment.chunks.length === 0) return null;
    const type = segment.recorder.mimeType || mimeType;
    const raw = new Blob(segment.chunks, { type });
    return { blob: await withWebmDuration(raw, durationMs), durationMs, mimeType: type };
  }

  roll();

  return {
    async takeClip() {
      if (ended) return null;
      const segment = pickSegment(running, now(), minClipMs);
      if (!segment) return null;
      running = running.filter((s) => s !== segment);
      // The clip took the only segment: start the next lot's at once rather than at the next turn.
      if (running.length === 0) roll();
      try {
        return await finish(segment);
      } catch {
        return null;
      }
    },
    stop() {
      ended = true;
      clearTimeout(nextStart);
      running.forEach(halt);
      running = [];
    },
  };
}
