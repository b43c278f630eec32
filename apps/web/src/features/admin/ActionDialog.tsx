import { useState, type FormEvent } from 'react';
import { ReportActionSchema, type ReportAction } from '@souq/shared';
import { serverNow } from '../../api/server-clock';
import { gulfInputToIso, gulfInputValue } from '../../components/dates';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useActOnReport } from './api';
import { ReasonField } from './ReasonField';
import { ACTION } from './words';

const DAY = 86_400_000;

interface Values {
  reason: string;
  until: string;
}

/** Every action says why; a suspension also says until when. Another staff member's answer first is shown here. */
export function ActionDialog({
  reportId,
  action,
  subject,
  onClose,
}: {
  reportId: string;
  action: ReportAction;
  subject: string;
  onClose: () => void;
}) {
  const { t } = useT();
  const act = useActOnReport();
  const [bounds] = useState(() => ({
    min: gulfInputValue(serverNow() + 60_000),
    week: gulfInputValue(serverNow() + 7 * DAY),
  }));
  const form = useForm({
    initial: { reason: '', until: bounds.week } as Values,
    check: (v: Values) =>
      bySchema(ReportActionSchema)({
        action,
        reason: v.reason,
        until: action === 'suspend' ? (gulfInputToIso(v.until) ?? undefined) : undefined,
      }),
    focusOnlyFields: true,
  });
  const { values, fields, error, pending } = form;

  function submit(e: FormEvent<HTMLFormElement>) {
    void form.submit(e, async (body) => {
      await act.mutateAsync({ reportId, body });
      onClose();
    });
  }

  return (
    <Modal title={t(ACTION[action])} wide onClose={() => !pending && onClose()} testId="admin-action-dialog">
      <p className="muted" dir="auto">
        {subject}
      </p>
      <form noValidate onSubmit={submit}>
        <ReasonField
          value={values.reason}
          error={fields.reason}
          hint={t('admin.reasonHint')}
          disabled={pending}
          onChange={(reason) => form.edit('reason', reason)}
        />
        {action === 'suspend' && (
          <Field label={t('admin.until')} error={fields.until} hint={t('admin.untilHint')}>
            {(c) => (
              <input
                {...c}
                type="datetime-local"
                name="until"
                min={bounds.min}
                value={values.until}
                disabled={pending}
                onChange={(e) => form.edit('until', e.target.value)}
              />
            )}
          </Field>
        )}
        <FormError message={error} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" disabled={pending} onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${action === 'dismiss' ? 'btn--primary' : 'btn--danger'}`}
            disabled={pending}
          >
            {t(ACTION[action])}
          </button>
        </div>
      </form>
    </Modal>
  );
}
