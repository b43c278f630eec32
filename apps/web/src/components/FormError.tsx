/** The red line under a form (spec §8: failures show in a red line on the form). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" tabIndex={-1} data-testid="form-error">
      {message}
    </p>
  );
}
