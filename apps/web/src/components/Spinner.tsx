import { useT } from '../i18n';

/** `label` may be a shared message (MSG): it is shown in the page's language. */
export function Spinner({ label }: { label: string }) {
  const { m } = useT();
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{m(label)}</span>
    </div>
  );
}
