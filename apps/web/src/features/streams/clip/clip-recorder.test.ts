import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClipRecorder, type ClipRecorderOptions } from './clip-recorder';
import { pickClipMimeType } from './mime-type';
import { pickSegment } from './pick-segment';

vi.mock('./webm-duration', () => ({
  // The duration patch itself is proven in Chromium (the report of issue 30's clip work); here it
  // only has to be handed the right length.
  withWebmDuration: vi.fn(
    async (blob: Blob, durationMs: number) => new Blob([blob], { type: `${blob.type}#${durationMs}` }),
  ),
}));

/** A MediaRecorder as the browser's behaves: a chunk a second while recording, the last data and `stop` after stop(). */
class FakeRecorder extends EventTarget {
  static supported = new Set(['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']);
  static made: FakeRecorder[] = [];
  static failNext = false;
  static isTypeSupported = (type: string) => FakeRecorder.supported.has(type);

  state: RecordingState = 'inactive';
  readonly mimeType: string;
  /** A recorder whose stop() never completes, as a wedged encoder's would. */
  hangs = false;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private recorded = 0;

  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    super();
    if (FakeRecorder.failNext) {
      FakeRecorder.failNext = false;
      throw new DOMException('cannot record', 'NotSupportedError');
    }
    this.mimeType = options.mimeType ?? '';
    FakeRecorder.made.push(this);
  }

  start(timeslice: number) {
    this.state = 'recording';
    this.ticker = setInterval(() => this.hand(), timeslice);
  }

  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    clearInterval(this.ticker);
    if (this.hangs) return;
    queueMicrotask(() => {
      this.hand();
      this.dispatchEvent(new Event('stop'));
    });
  }

  private hand() {
    this.recorded += 1;
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([`chunk${this.recorded};`]) }));
  }
}

const stream = {} as MediaStream;
/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
const start = (opts: ClipRecorderOptions = {}) =>
  createClipRecorder(stream, {
    MediaRecorder: FakeRecorder as unknown as typeof MediaRecorder,
    now: Date.now,
    ...opts,
  });
const recording = () => FakeRecorder.made.filter((r) => r.state === 'recording');

describe('the clip recorder', () => {
  beforeEach(() => {
    // Not setImmediate: jsdom's FileReader (textOf) runs on it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    FakeRecorder.made = [];
    FakeRecorder.supported = new Set(['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']);
  });
  afterEach(() => vi.useRealTimers());

  it('is null where the browser has no MediaRecorder or can write none of the clip types', () => {
    expect(createClipRecorder(stream)).toBeNull(); // jsdom has no MediaRecorder
    FakeRecorder.supported = new Set(['audio/ogg']);
    expect(start()).toBeNull();
  });

  it('records VP8 WebM when it can, else VP9, else plain WebM, else MP4', () => {
    expect(pickClipMimeType((t) => t !== 'nothing')).toBe('video/webm;codecs=vp8,opus');
    expect(pickClipMimeType((t) => t === 'video/webm;codecs=vp9,opus' || t === 'video/webm')).toBe(
      'video/webm;codecs=vp9,opus',
    );
    expect(pickClipMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(
      pickClipMimeType(() => {
        throw new Error('odd browser');
      }),
    ).toBeNull();
    start();
    expect(FakeRecorder.made[0]!.options.mimeType).toBe('video/webm;codecs=vp8,opus');
  });

  it('starts a recorder every 10 s and keeps the two newest running', () => {
    start();
    expect(recording()).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(recording()).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(FakeRecorder.made).toHaveLength(3);
    expect(recording()).toEqual([FakeRecorder.made[1], FakeRecorder.made[2]]);
    vi.advanceTimersByTime(30_000);
    expect(FakeRecorder.made).toHaveLength(6);
    expect(recording()).toHaveLength(2);
  });

  it('at the sale, stops the oldest segment and returns its whole recording, with its length, then keeps rolling', async () => {
    const clips = start()!;
    vi.advanceTimersByTime(25_000); // segments started at 10 s and 20 s are running
    const [oldest, newest] = recording();
    const clip = await clips.takeClip();
    expect(oldest!.state).toBe('inactive');
    expect(newest!.state).toBe('recording');
    expect(clip!.durationMs).toBe(15_000);
    expect(clip!.mimeType).toBe('video/webm;codecs=vp8,opus');
    // Its 15 timeslice chunks and the last data at stop(), in order, as one file.
    const text = await textOf(clip!.blob);
    expect(text.startsWith('chunk1;chunk2;')).toBe(true);
    expect(text.split(';').filter(Boolean)).toHaveLength(16);
    expect(clip!.blob.type).toBe('video/webm;codecs=vp8,opus#15000');

    vi.advanceTimersByTime(5_000); // the next turn of the rolling, at 30 s
    expect(recording()).toHaveLength(2);
    vi.advanceTimersByTime(18_000); // 48 s: the segments of 30 s and 40 s are running
    const next = await clips.takeClip();
    expect(next!.durationMs).toBe(18_000);
  });

  it('takes the longest there is when no segment has 5 s yet, and starts the next one at once', async () => {
    const clips = start()!;
    vi.advanceTimersByTime(3_000);
    const clip = await clips.takeClip();
    expect(clip!.durationMs).toBe(3_000);
    expect(recording()).toHaveLength(1);
    expect(FakeRecorder.made).toHaveLength(2);
  });

  it('prefers a segment with 5 s over a shorter one', () => {
    const now = 100_000;
    const older = { startedAt: now - 12_000 };
    const newer = { startedAt: now - 2_000 };
    expect(pickSegment([older, newer], now, 5_000)).toBe(older);
    const short = { startedAt: now - 3_000 };
    expect(pickSegment([short, newer], now, 5_000)).toBe(short);
    expect(pickSegment([], now, 5_000)).toBeNull();
  });

  it('gives null, never an error, when the device cannot record: the sale goes on', async () => {
    FakeRecorder.failNext = true;
    const broken = start()!;
    expect(await broken.takeClip()).toBeNull();

    const wedged = start()!;
    vi.advanceTimersByTime(8_000);
    recording()[0]!.hangs = true;
    const pending = wedged.takeClip();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await pending).toBeNull();
  });

  it('stop() ends every recorder and the rolling', async () => {
    const clips = start()!;
    vi.advanceTimersByTime(15_000);
    clips.stop();
    expect(recording()).toHaveLength(0);
    vi.advanceTimersByTime(60_000);
    expect(FakeRecorder.made).toHaveLength(2);
    expect(await clips.takeClip()).toBeNull();
  });
});
