import { useT } from '../i18n';

/** The red line under a form: a form's failures are shown there, never in a browser box, in the page's language (`m`: a shared message or the server's words). */
export function FormError({ message }: { message: string | null | undefined }) {
  const { m } = useT();
  if (!message) return null;
  return (
    <p className="form-error" role="alert" tabIndex={-1} data-testid="form-error">
      {m(message)}
    </p>
  );
}
