import { useState } from 'react';
import { DELETION_BLOCKER_MESSAGES, DeleteAccountSchema, MSG, type SessionUser } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { formatGulfDate } from '../../components/dates';
import { useT } from '../../i18n';
import { useDeleteAccount, usePrivacyStatus, useRequestExport } from './api';

/**
 * Settings → Privacy (issue 45): download everything Souq keeps about me, and delete my account.
 * The export is built in the background; its link comes by email and on the bell, and waits here.
 */
export function PrivacySection({ user, onDeleted }: { user: SessionUser; onDeleted: () => void }) {
  const { t, m, locale } = useT();
  const status = usePrivacyStatus();
  const requestExport = useRequestExport();
  const [deleting, setDeleting] = useState(false);
  const made = status.data?.export ?? null;
  const blockers = status.data?.blockers ?? [];

  return (
    <section className="card" id="privacy" aria-labelledby="privacy-title" data-testid="privacy">
      <h2 id="privacy-title">{t('privacy.title')}</h2>
      <h3>{t('privacy.download.title')}</h3>
      <p className="muted">{t('privacy.download.lead')}</p>
      {made?.status === 'pending' && (
        <p className="notice" role="status">
          {m(MSG.dataExportRequested)}
        </p>
      )}
      {made?.status === 'ready' && made.downloadUrl && (
        <p>
          <a className="btn btn--primary" href={made.downloadUrl} download data-testid="download-data">
            {t('privacy.download.file')}
          </a>{' '}
          <span className="muted">
            {t('privacy.download.until', { date: formatGulfDate(made.expiresAt!, locale) })}
          </span>
        </p>
      )}
      {made?.status !== 'pending' && (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={requestExport.isPending}
          onClick={() => requestExport.mutate()}
          data-testid="request-data"
        >
          {t('privacy.download.ask')}
        </button>
      )}
      <FormError message={requestExport.error ? m(requestExport.error.message) : null} />

      <h3>{t('privacy.delete.title')}</h3>
      <p className="muted">{t('privacy.delete.lead')}</p>
      {blockers.length > 0 && (
        <div className="notice" role="status" data-testid="delete-blockers">
          <p>{t('privacy.delete.notYet')}</p>
          <ul>
            {blockers.map((b) => (
              <li key={b}>{m(DELETION_BLOCKER_MESSAGES[b])}</li>
            ))}
          </ul>
        </div>
      )}
      <button type="button" className="btn btn--danger" onClick={() => setDeleting(true)} data-testid="delete-account">
        {t('privacy.delete.button')}
      </button>
      {deleting && <DeleteDialog user={user} onClose={() => setDeleting(false)} onDeleted={onDeleted} />}
    </section>
  );
}

function DeleteDialog({ user, onClose, onDeleted }: { user: SessionUser; onClose: () => void; onDeleted: () => void }) {
  const { t, m } = useT();
  const remove = useDeleteAccount();
  const form = useForm({ initial: { confirmation: '' }, check: bySchema(DeleteAccountSchema) });
  return (
    <Modal title={t('privacy.delete.confirmTitle')} onClose={() => !form.pending && onClose()} testId="delete-dialog">
      <form
        noValidate
        onSubmit={(e) =>
          void form.submit(e, async (data) => {
            await remove.mutateAsync(data);
            onDeleted();
          })
        }
      >
        <p>{t('privacy.delete.confirmBody')}</p>
        {user.hasPassword ? (
          <TextField
            label={t('privacy.delete.password')}
            type="password"
            autoComplete="current-password"
            autoFocus
            {...form.bind('confirmation')}
            error={form.fields.confirmation && m(form.fields.confirmation)}
          />
        ) : (
          <TextField
            label={t('privacy.delete.email', { email: user.email })}
            type="email"
            autoComplete="off"
            autoFocus
            {...form.bind('confirmation')}
            error={form.fields.confirmation && m(form.fields.confirmation)}
          />
        )}
        <FormError message={form.error && !form.fields.confirmation ? m(form.error) : null} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" disabled={form.pending} onClick={onClose}>
            {t('privacy.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" disabled={form.pending} data-testid="confirm-delete">
            {t('privacy.delete.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
