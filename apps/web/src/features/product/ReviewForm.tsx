import { useId } from 'react';
import { REVIEW_MAX, REVIEW_MIN, ReviewSchema } from '@souq/shared';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
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
  const { t, m } = useT();
  // The page sends the review and says how it went (above the form), so the hook only checks it here.
  const form = useForm({ initial: { text: '', rating: 5 }, check: bySchema(ReviewSchema) });
  const { text, rating } = form.values;
  const { fields } = form;

  const error = fields.text;
  return (
    <form
      className="review-form"
      noValidate
      onSubmit={(e) => (canSubmit() ? void form.submit(e, onSubmit) : e.preventDefault())}
      aria-labelledby={`${id}-title`}
      data-testid="review-form"
    >
      <h3 id={`${id}-title`}>{t('product.review.write')}</h3>
      {note && <p className="review-form__note">{m(note)}</p>}
      <StarInput
        value={rating}
        onChange={(stars) => form.setValues((v) => ({ ...v, rating: stars }))}
        disabled={pending}
      />
      {fields.rating && <small className="field__error">{m(fields.rating)}</small>}
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-text`}>{t('product.review.text')}</label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={4}
          required
          minLength={REVIEW_MIN}
          maxLength={REVIEW_MAX}
          placeholder={t('product.review.placeholder')}
          value={text}
          disabled={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(e) => form.edit('text', e.target.value)}
        />
        <small id={`${id}-note`} className={error ? 'field__error' : 'field__hint review-form__count'}>
          {error ? m(error) : `${text.trim().length} / ${REVIEW_MAX}`}
        </small>
      </div>
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? t('product.review.submitting') : t('product.review.submit')}
      </button>
    </form>
  );
}
