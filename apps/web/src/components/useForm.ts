import { useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '@souq/shared';
import { ApiError } from '../api/client';
import type { FormCheck } from './form-check';
import { useGateErrorHandler } from './gate-errors';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';

/** What a form says about a refusal: the words on its red line, and each field's message. */
export interface Refusal {
  message: string | null;
  fields?: FieldErrors;
}

/** The server's own words, and its field messages (`fields` of the API's `{ error: { code, message, fields } }`). */
export function refusalOf(error: unknown): Refusal & { message: string } {
  return {
    message: error instanceof Error ? error.message : String(error),
    fields: error instanceof ApiError ? error.fields : {},
  };
}

/** The server's refusal with its words put the form's way (after a prefix such as 'Error starting stream: '). */
export function reworded(word: (message: string) => string): (error: unknown) => Refusal {
  return (error) => {
    const refusal = refusalOf(error);
    return { ...refusal, message: word(refusal.message) };
  };
}

export interface FormOptions<V, D> {
  initial: V | (() => V);
  /** Run on submit before anything is sent; usually a shared zod schema (bySchema, or a feature's check around one). */
  check: (values: V) => FormCheck<D>;
  /** The red line's words whenever the check refuses, in place of the check's own (the fields say the rest). */
  summary?: string;
  /** What the form says when the server refuses, once the gates have had their turn; the server's own words by default. */
  onFailure?: (error: unknown) => Refusal;
  /** The form offers sign-in (or says it) in place: a 401 is shown here instead of going to the login page. */
  signInHere?: boolean;
  /**
   * After a refusal focus goes to the first field to fix, else to the red line (a wrong password
   * is about the whole form). With focusOnlyFields a refusal with no field to fix leaves focus
   * where it was: the longer forms (a product, an auction, a bid, a stream) keep the person in
   * place, and their red line (role="alert") is announced without it.
   */
  focusOnlyFields?: boolean;
}

/**
 * The one form hook: the values, the browser's check, pending while the server answers, its field
 * messages and words, the gates (from context: the login page, the verify prompt), and focus on
 * what to fix. Instant feedback here, the same words from the server when it disagrees.
 */
export function useForm<V extends object, D>({
  initial,
  check,
  summary,
  onFailure = refusalOf,
  signInHere = false,
  focusOnlyFields = false,
}: FormOptions<V, D>) {
  const [values, setValues] = useState<V>(initial);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const answerGate = useGateErrorHandler();
  // The form being submitted, so focus is looked for in it and nowhere else.
  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);

  function refuse(refusal: Refusal) {
    const refused = refusal.fields ?? {};
    setFields(refused);
    setError(refusal.message);
    if (!focusOnlyFields || Object.keys(refused).length > 0) focusFirstInvalid();
  }

  /** A field's message goes once the person changes it; the next submit checks everything again. */
  function clearField(name: string) {
    setFields((f) => {
      if (!(name in f)) return f;
      const { [name]: _gone, ...rest } = f;
      return rest;
    });
  }

  function edit<K extends keyof V>(name: K & string, value: V[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    clearField(name);
  }

  /** A text control's value and change handler; its message stays until the next submit. */
  const bind = (name: Extract<keyof V, string>) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  /** Checks, then runs `action` with the checked data; a throw is the server's refusal. A second submit while pending is ignored. */
  async function submit(event: FormEvent<HTMLFormElement>, action: (data: D) => Promise<void> | void): Promise<void> {
    event.preventDefault();
    if (pending) return;
    form.current = event.currentTarget;
    const checked = check(values);
    if (!checked.ok) {
      refuse({ fields: checked.fields, message: summary ?? checked.message ?? null });
      return;
    }
    setFields({});
    setError(null);
    setPending(true);
    try {
      await action(checked.data);
    } catch (err) {
      // The login page or the verify prompt says it; the form adds nothing.
      if (answerGate(err, { signInHere })) return;
      refuse(onFailure(err));
    } finally {
      setPending(false);
    }
  }

  return { values, setValues, edit, bind, fields, setFields, clearField, error, setError, pending, submit };
}
