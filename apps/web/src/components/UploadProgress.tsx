import { useT } from '../i18n';

/** How far an upload has got, as a bar and in words (announced politely, not every percent). */
export function UploadProgress({ fraction, label: given }: { fraction: number | null; label?: string }) {
  const { t } = useT();
  if (fraction === null) return null;
  const label = given ?? t('components.upload.label');
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span aria-live="polite">
        {percent < 100 ? t('components.upload.progress', { label, percent }) : t('components.upload.processing')}
      </span>
    </div>
  );
}
