/** How far an upload has got, as a bar and in words (announced politely, not every percent). */
export function UploadProgress({ fraction, label = 'Uploading' }: { fraction: number | null; label?: string }) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span aria-live="polite">{percent < 100 ? `${label}… ${percent}%` : 'Processing photos…'}</span>
    </div>
  );
}
