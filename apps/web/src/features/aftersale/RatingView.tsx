import { RATING_COMMENT_MAX, RatingReplySchema, type SellerRating } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Stars } from '../../components/Stars';
import { formatGulfDate } from '../../components/dates';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useReplyRating } from './api';
import { PersonName } from '../../components/PersonName';

/** The seller's one reply to a rating. */
function ReplyForm({ ratingId }: { ratingId: string }) {
  const { t } = useT();
  const reply = useReplyRating(ratingId);
  const form = useForm({ initial: { text: '' }, check: bySchema(RatingReplySchema) });
  return (
    <form
      className="aftersale-form"
      data-testid="reply-rating"
      noValidate
      onSubmit={(e) => void form.submit(e, async ({ text }) => void (await reply.mutateAsync(text)))}
    >
      <Field label={t('aftersale.reply.label')} error={form.fields.text}>
        {(control) => <textarea {...control} {...form.bind('text')} maxLength={RATING_COMMENT_MAX} rows={2} />}
      </Field>
      <FormError message={form.error} />
      <button type="submit" className="btn btn--primary btn--small" disabled={form.pending}>
        {t('aftersale.reply.send')}
      </button>
    </form>
  );
}

/** One rating: the stars, the buyer's words, and the seller's reply (or, for the seller, the form to give it). */
export function RatingView({ rating, canReply }: { rating: SellerRating; canReply: boolean }) {
  const { t, m, locale } = useT();
  return (
    <div className="rating-view" data-testid="rating">
      <p>
        <Stars value={rating.stars} size={14} />{' '}
        <span className="muted">
          <PersonName username={rating.buyer.username} /> · {m(formatGulfDate(rating.createdAt, locale))}
        </span>
      </p>
      {rating.comment && (
        <p>
          <bdi>{rating.comment}</bdi>
        </p>
      )}
      {rating.reply ? (
        <blockquote className="rating-view__reply" data-testid="rating-reply">
          <strong>{t('aftersale.reply.title')}</strong> <bdi>{rating.reply}</bdi>
        </blockquote>
      ) : (
        canReply && <ReplyForm ratingId={rating.id} />
      )}
    </div>
  );
}
