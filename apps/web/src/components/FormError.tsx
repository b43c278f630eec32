/** The red line under a form: a form's failures are shown there, never in a browser box. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" tabIndex={-1} data-testid="form-error">
      {message}
    </p>
  );
}
