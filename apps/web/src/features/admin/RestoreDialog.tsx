import type { FormEvent } from 'react';
import { RestoreSchema } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { ReasonField } from './ReasonField';
import { useRestore } from './api';

/** Undo a hide or a suspension, with a reason for the log. */
export function RestoreDialog({
  targetKind,
  targetId,
  onClose,
}: {
  targetKind: 'product' | 'auction' | 'user';
  targetId: string;
  onClose: () => void;
}) {
  const { t } = useT();
  const restore = useRestore();
  const form = useForm({
    initial: { reason: '' },
    check: (v: { reason: string }) => bySchema(RestoreSchema)({ targetKind, targetId, reason: v.reason }),
  });
  const { values, fields, error, pending } = form;

  function submit(e: FormEvent<HTMLFormElement>) {
    void form.submit(e, async (body) => {
      await restore.mutateAsync(body);
      onClose();
    });
  }

  return (
    <Modal
      title={t(targetKind === 'user' ? 'admin.restore.user' : 'admin.restore.listing')}
      onClose={() => !pending && onClose()}
      testId="admin-restore-dialog"
    >
      <form noValidate onSubmit={submit}>
        <ReasonField
          value={values.reason}
          error={fields.reason}
          disabled={pending}
          onChange={(reason) => form.edit('reason', reason)}
        />
        <FormError message={error} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" disabled={pending} onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {t('admin.restore.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
