import { useId, useRef, useState, type FormEvent } from 'react';
import { REVIEW_MAX, REVIEW_MIN, ReviewSchema, toFieldErrors, type FieldErrors } from '@souq/shared';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { StarInput } from './StarInput';

interface Props {
  pending: boolean;
  /** Runs the page's gates first; false stops the submit. */
  canSubmit: () => boolean;
  onSubmit: (input: { text: string; rating: number }) => void;
  note?: string;
}

/** Text 3–500 characters and a rating 1–5 (5 by default), checked here by the server's own schema. */
export function ReviewForm({ pending, canSubmit, onSubmit, note }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [rating, setRating] = useState(5);
  const [fields, setFields] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const refused = useFocusFirstInvalid(form);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit()) return;
    const parsed = ReviewSchema.safeParse({ text, rating });
    if (!parsed.success) {
      setFields(toFieldErrors(parsed.error));
      refused();
      return;
    }
    setFields({});
    onSubmit(parsed.data);
  }

  const error = fields.text;
  return (
    <form ref={form} className="review-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="review-form">
      <h3 id={`${id}-title`}>Write a review</h3>
      {note && <p className="review-form__note">{note}</p>}
      <StarInput value={rating} onChange={setRating} disabled={pending} />
      {fields.rating && <small className="field__error">{fields.rating}</small>}
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-text`}>Your review</label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={4}
          required
          minLength={REVIEW_MIN}
          maxLength={REVIEW_MAX}
          placeholder="What did you like or dislike? How was the quality?"
          value={text}
          disabled={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(e) => {
            setText(e.target.value);
            if (fields.text) setFields({});
          }}
        />
        <small id={`${id}-note`} className={error ? 'field__error' : 'field__hint review-form__count'}>
          {error ?? `${text.trim().length} / ${REVIEW_MAX}`}
        </small>
      </div>
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? 'Submitting…' : 'Submit review'}
      </button>
    </form>
  );
}
