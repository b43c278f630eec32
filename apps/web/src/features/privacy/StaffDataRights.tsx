import { useState } from 'react';
import { StaffDataRightsSchema, type StaffDataRightsInput } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useStaffErase, useStaffExport } from './api';

/**
 * /admin/data-rights (issue 45): staff act for a person who asked by email. The export's link goes
 * to the person's own address, never to staff; an erasure asks once more. Both are audited.
 */
export function StaffDataRights() {
  const { t } = useT();
  const staffExport = useStaffExport();
  const staffErase = useStaffErase();
  const [done, setDone] = useState<string | null>(null);
  const [erasing, setErasing] = useState<StaffDataRightsInput | null>(null);
  const form = useForm({ initial: { email: '', reason: '' }, check: bySchema(StaffDataRightsSchema) });

  return (
    <section className="card" data-testid="staff-data-rights">
      <p className="muted">{t('privacy.staff.lead')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          // Which of the two buttons sent the form: deleting asks once more, in a dialog.
          const erase = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'erase';
          void form.submit(e, async (data) => {
            setDone(null);
            if (erase) return setErasing(data);
            await staffExport.mutateAsync(data);
            setDone(t('privacy.staff.exported'));
          });
        }}
      >
        <TextField
          label={t('privacy.staff.email')}
          type="email"
          autoComplete="off"
          {...form.bind('email')}
          error={form.fields.email}
        />
        <TextField label={t('privacy.staff.reason')} {...form.bind('reason')} error={form.fields.reason} />
        <FormError message={form.error} />
        {done && (
          <p className="notice notice--ok" role="status">
            {done}
          </p>
        )}
        <div className="modal__actions">
          <button type="submit" name="action" value="export" className="btn btn--primary" disabled={form.pending}>
            {t('privacy.staff.export')}
          </button>
          <button type="submit" name="action" value="erase" className="btn btn--danger" disabled={form.pending}>
            {t('privacy.staff.erase')}
          </button>
        </div>
      </form>
      {erasing && (
        <Modal
          title={t('privacy.staff.confirmTitle')}
          onClose={() => setErasing(null)}
          error={staffErase.error?.message}
          confirm={{
            cancelLabel: t('privacy.cancel'),
            confirmLabel: t('privacy.staff.erase'),
            danger: true,
            busy: staffErase.isPending,
            onConfirm: () =>
              staffErase.mutate(erasing, {
                onSuccess: () => {
                  setErasing(null);
                  setDone(t('privacy.staff.erased'));
                  form.setValues({ email: '', reason: '' });
                },
              }),
          }}
        >
          <p>{t('privacy.staff.confirmBody', { email: erasing.email })}</p>
        </Modal>
      )}
    </section>
  );
}
