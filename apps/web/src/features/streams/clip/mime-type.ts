/**
 * What the host's browser records a clip as, best first: WebM with VP8 (cheap to encode next to the
 * live stream's own encoders, and played everywhere WebM is), then VP9, then whatever WebM or MP4
 * the browser offers (Safari records only MP4).
 */
export const CLIP_MIME_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm',
  'video/mp4',
] as const;

/** The first type this browser's MediaRecorder says it can write; null when it can write none of them. */
export function pickClipMimeType(isTypeSupported: (type: string) => boolean): string | null {
  for (const type of CLIP_MIME_TYPES) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // An odd implementation that throws for a type it does not know: try the next one.
    }
  }
  return null;
}
