/**
 * Gives a browser's WebM recording its length. MediaRecorder writes WebM as a live stream: the
 * Segment's size is "unknown" and its Info has no Duration, so a <video> shows no length and cannot
 * jump to a chapter until it has read the whole file. A replay is the recording's pieces joined
 * end to end (ADR 0055), so only its header needs the Duration element: Info grows by that
 * element and its own size is written again; the Segment keeps its unknown size, and nothing after
 * Info moves relative to the clusters. `fix-webm-duration`, which the clips use in the browser,
 * rewrites the Segment's size as the bytes it was given, so it cannot work on the header alone.
 *
 * Anything it cannot read is returned unchanged: a replay without a length still plays.
 */

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const SEEK_HEAD = 0x114d9b74;

interface Element {
  id: number;
  /** Where the element starts, where its data starts, and where it ends (exclusive). */
  start: number;
  dataStart: number;
  end: number;
  unknownSize: boolean;
}

/** An EBML variable-length integer at `at`: its value and its length in bytes; null past the end. */
function vint(
  buf: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; allOnes: boolean } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i]!;
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, allOnes };
}

function readElement(buf: Buffer, at: number): Element | null {
  const id = vint(buf, at, true);
  if (!id) return null;
  const size = vint(buf, at + id.length, false);
  if (!size) return null;
  const dataStart = at + id.length + size.length;
  return {
    id: id.value,
    start: at,
    dataStart,
    end: size.allOnes ? buf.length : dataStart + size.value,
    unknownSize: size.allOnes,
  };
}

/** The children of an element that lie within `buf`, in order. */
function childrenOf(buf: Buffer, parent: Element): Element[] {
  const found: Element[] = [];
  for (let at = parent.dataStart; at < Math.min(parent.end, buf.length);) {
    const child = readElement(buf, at);
    if (!child || child.end <= at) break;
    found.push(child);
    at = child.end;
  }
  return found;
}

/** A size as an 8-byte EBML vint, which holds any size an Info can have. */
function size8(value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt32BE(Math.floor(value / 2 ** 32), 0);
  out.writeUInt32BE(value >>> 0, 4);
  out[0] = out[0]! | 0x01;
  return out;
}

function uintOf(buf: Buffer, element: Element): number {
  let value = 0;
  for (let i = element.dataStart; i < element.end; i++) value = value * 256 + buf[i]!;
  return value;
}

/** The recording's first piece with a Duration of `durationMs`; unchanged when it already has one or cannot be read. */
export function withWebmDuration(head: Buffer, durationMs: number): Buffer {
  if (!(durationMs > 0)) return head;
  const ebml = readElement(head, 0);
  if (!ebml || ebml.id !== EBML) return head;
  const segment = readElement(head, ebml.end);
  if (!segment || segment.id !== SEGMENT) return head;
  const top = childrenOf(head, segment);
  // A SeekHead names positions after Info, which would move: MediaRecorder writes none.
  if (top.some((e) => e.id === SEEK_HEAD)) return head;
  const info = top.find((e) => e.id === INFO);
  if (!info || info.unknownSize || info.end > head.length) return head;
  const fields = childrenOf(head, info);
  if (fields.some((e) => e.id === DURATION)) return head;
  const scale = fields.find((e) => e.id === TIMECODE_SCALE);
  // Duration counts in the TimecodeScale's unit (nanoseconds per tick; 1 ms unless told).
  const ticks = (durationMs * 1_000_000) / (scale ? uintOf(head, scale) : 1_000_000);
  const duration = Buffer.alloc(11);
  duration.writeUInt16BE(DURATION, 0);
  duration[2] = 0x88;
  duration.writeDoubleBE(ticks, 3);
  const idLength = vint(head, info.start, true)!.length;
  const body = Buffer.concat([head.subarray(info.dataStart, info.end), duration]);
  return Buffer.concat([
    head.subarray(0, info.start),
    head.subarray(info.start, info.start + idLength),
    size8(body.length),
    body,
    head.subarray(info.end),
  ]);
}

/** Whether these bytes start a WebM file (EBML's magic number). */
export const isWebmStart = (data: Buffer): boolean => data.length >= 4 && data.readUInt32BE(0) === EBML;
