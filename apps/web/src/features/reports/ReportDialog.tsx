import { useId, useState, type FormEvent } from 'react';
import {
  MSG,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  ReportInputSchema,
  type ReportReason,
  type ReportTarget,
} from '@souq/shared';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT, type MessageKey } from '../../i18n';
import { useReport } from './api';
import { REASON_LABEL } from './reasons';

const TITLE: Record<ReportTarget, MessageKey> = {
  product: 'reports.title.product',
  auction: 'reports.title.auction',
  user: 'reports.title.user',
  review: 'reports.title.review',
  message: 'reports.title.message',
};

interface Values {
  reason: ReportReason | '';
  text: string;
}

/** Why this is reported (one reason from the short list) and, if the person likes, a few words. */
export function ReportDialog({ kind, id, onClose }: { kind: ReportTarget; id: string; onClose: () => void }) {
  const { t, m } = useT();
  const ids = useId();
  const report = useReport();
  const [sent, setSent] = useState(false);
  const form = useForm({
    initial: { reason: '', text: '' } as Values,
    check: (values: Values) =>
      bySchema(ReportInputSchema)({
        targetKind: kind,
        targetId: id,
        reason: values.reason || undefined,
        text: values.text || undefined,
      }),
    signInHere: true,
  });
  const { values, fields, error, pending } = form;

  function submit(e: FormEvent<HTMLFormElement>) {
    void form.submit(e, async (data) => {
      await report.mutateAsync(data);
      setSent(true);
    });
  }

  if (sent)
    return (
      <Modal
        title={t(TITLE[kind])}
        onClose={onClose}
        testId="report-dialog"
        actions={
          <button type="button" className="btn btn--primary" autoFocus onClick={onClose}>
            {t('reports.close')}
          </button>
        }
      >
        <p role="status">{t('reports.thanks')}</p>
      </Modal>
    );

  return (
    <Modal title={t(TITLE[kind])} wide onClose={() => !pending && onClose()} testId="report-dialog">
      <form noValidate onSubmit={submit} className="report-form">
        <fieldset className="choice-field" aria-describedby={fields.reason ? `${ids}-reason-error` : undefined}>
          <legend>{t('reports.why')}</legend>
          <div className="report-reasons">
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className={`report-reason${values.reason === reason ? ' report-reason--on' : ''}`}>
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  checked={values.reason === reason}
                  disabled={pending}
                  aria-invalid={fields.reason ? true : undefined}
                  onChange={() => form.edit('reason', reason)}
                />
                {t(REASON_LABEL[reason])}
              </label>
            ))}
          </div>
          {fields.reason && (
            <small id={`${ids}-reason-error`} className="field__error">
              {m(fields.reason)}
            </small>
          )}
        </fieldset>
        <div className={`field${fields.text ? ' field--invalid' : ''}`}>
          <label htmlFor={`${ids}-text`}>
            {t('reports.details')} <span className="field__optional">{t('reports.optional')}</span>
          </label>
          <textarea
            id={`${ids}-text`}
            name="text"
            rows={3}
            maxLength={REPORT_TEXT_MAX}
            value={values.text}
            disabled={pending}
            aria-invalid={fields.text ? true : undefined}
            aria-describedby={`${ids}-text-note`}
            onChange={(e) => form.edit('text', e.target.value)}
          />
          <small id={`${ids}-text-note`} className={fields.text ? 'field__error' : 'field__hint'}>
            {fields.text ? m(fields.text) : t('reports.detailsHint', { max: REPORT_TEXT_MAX })}
          </small>
        </div>
        <FormError message={error === MSG.reportReasonRequired ? null : error} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" disabled={pending} onClick={onClose}>
            {t('reports.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" disabled={pending}>
            {t('reports.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
