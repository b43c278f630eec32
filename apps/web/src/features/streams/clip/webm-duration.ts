/**
 * Chrome's MediaRecorder writes WebM as a live stream would: no Duration in the file's Info, so a
 * <video> says `duration === Infinity` and shows no length or progress bar until it has played to
 * the end. `fix-webm-duration` (MIT, no dependencies, written for exactly this) adds the element
 * to the header. Fetched only when a clip is made, so no other page carries it. Anything but WebM,
 * or a file it cannot read, is returned as it was: a clip without a length still plays.
 */
export async function withWebmDuration(blob: Blob, durationMs: number): Promise<Blob> {
  if (!blob.type.startsWith('video/webm') || !(durationMs > 0)) return blob;
  try {
    const { default: fixWebmDuration } = await import('fix-webm-duration');
    return await fixWebmDuration(blob, durationMs, { logger: false });
  } catch {
    return blob;
  }
}
