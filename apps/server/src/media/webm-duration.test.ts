import { describe, expect, it } from 'vitest';
import { isWebmStart, withWebmDuration } from './webm-duration.js';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

/** MediaRecorder's header as Chrome writes it: EBML, a Segment of unknown size, Info without Duration, Tracks, a Cluster. */
const EBML_HEADER = hex('1a45dfa3 9f 4286810142f7810142f2810442f381084282847765626d4287810442858102');
const INFO = hex('1549a966 99 2ad7b1 83 0f4240 4d80 86 4368726f6d65 5741 86 4368726f6d65');
const TRACKS = hex('1654ae6b 85 ae 83 d7 81 01');
const CLUSTER = hex('1f43b675 01ffffffffffffff e7 81 00 a3 84 81 00 00 80');
const recording = Buffer.concat([EBML_HEADER, hex('18538067 01ffffffffffffff'), INFO, TRACKS, CLUSTER]);

describe('a replay’s WebM duration', () => {
  it('adds Duration to Info, in the TimecodeScale’s unit, and leaves everything after Info as it was', () => {
    const fixed = withWebmDuration(recording, 65_500);
    expect(fixed.length).toBe(recording.length + 11 + 7);
    const at = fixed.indexOf(hex('4489 88'));
    expect(at).toBeGreaterThan(0);
    expect(fixed.readDoubleBE(at + 3)).toBe(65_500);
    // Info's size now says 8 bytes of vint and 36 bytes of data; Tracks and the cluster follow unchanged.
    const info = fixed.indexOf(hex('1549a966'));
    expect(fixed.subarray(info + 4, info + 12)).toEqual(hex('01 00000000000024'));
    expect(fixed.subarray(fixed.length - TRACKS.length - CLUSTER.length)).toEqual(Buffer.concat([TRACKS, CLUSTER]));
    expect(fixed.subarray(0, EBML_HEADER.length + 12)).toEqual(recording.subarray(0, EBML_HEADER.length + 12));
  });

  it('changes nothing it cannot read, or that already has a length', () => {
    const fixed = withWebmDuration(recording, 1_000);
    expect(withWebmDuration(fixed, 2_000)).toBe(fixed);
    const notWebm = hex('00000020 66747970 69736f6d');
    expect(withWebmDuration(notWebm, 1_000)).toBe(notWebm);
    expect(withWebmDuration(recording.subarray(0, 40), 1_000)).toEqual(recording.subarray(0, 40));
    expect(withWebmDuration(recording, 0)).toBe(recording);
    expect([isWebmStart(recording), isWebmStart(notWebm)]).toEqual([true, false]);
  });
});
