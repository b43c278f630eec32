import { useState } from 'react';
import { OpenProblemSchema, PROBLEM_KINDS, PROBLEM_PHOTOS_MAX, PROBLEM_TEXT_MAX, MSG } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useOpenProblem } from './api';
import { PROBLEM_KIND_LABEL } from './labels';

/** A delivered line's problem: what went wrong, in words, with up to 4 photos. */
export function ProblemForm({ lineId, onDone }: { lineId: string; onDone: () => void }) {
  const { t, m } = useT();
  const open = useOpenProblem(lineId);
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useForm({ initial: { kind: '', text: '' }, check: bySchema(OpenProblemSchema) });
  const tooMany = photos.length > PROBLEM_PHOTOS_MAX;
  return (
    <form
      className="aftersale-form"
      data-testid="problem-form"
      noValidate
      onSubmit={(e) =>
        void form.submit(e, async (fields) => {
          if (tooMany) throw new Error(MSG.tooManyProblemPhotos);
          await open.mutateAsync({ fields, photos });
          onDone();
        })
      }
    >
      <Field label={t('aftersale.problem.kind')} error={form.fields.kind}>
        {(control) => (
          <select {...control} {...form.bind('kind')}>
            <option value="">{t('aftersale.problem.chooseKind')}</option>
            {PROBLEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(PROBLEM_KIND_LABEL[k])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('aftersale.problem.text')} error={form.fields.text}>
        {(control) => <textarea {...control} {...form.bind('text')} maxLength={PROBLEM_TEXT_MAX} rows={3} />}
      </Field>
      <Field
        label={t('aftersale.problem.photos', { max: PROBLEM_PHOTOS_MAX })}
        optional
        error={tooMany ? m(MSG.tooManyProblemPhotos) : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            onChange={(e) => setPhotos([...(e.target.files ?? [])])}
          />
        )}
      </Field>
      <FormError message={form.error} />
      <div className="aftersale-form__actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={form.pending}>
          {t('aftersale.problem.send')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onDone}>
          {t('aftersale.cancel')}
        </button>
      </div>
    </form>
  );
}
