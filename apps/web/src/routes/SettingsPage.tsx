import { useState } from 'react';
import { ChangePasswordSchema } from '@souq/shared';
import { FormError } from '../components/FormError';
import { PageTitle } from '../components/PageTitle';
import { TextField } from '../components/TextField';
import { useConfirm } from '../components/useConfirm';
import { bySchema } from '../components/form-check';
import { useForm } from '../components/useForm';
import { NewPasswordFields } from '../features/auth/NewPasswordFields';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useChangePassword, useLogoutEverywhere, useSession } from '../features/auth/api';
import { leaveToShop } from '../features/auth/leave';
import { PrivacySection } from '../features/privacy/PrivacySection';
import { NotificationSettingsSection } from '../features/push/NotificationSettingsSection';
import { TaxDetailsForm } from '../features/profiles/TaxDetailsForm';
import { useT } from '../i18n';

function Settings() {
  const { t, m } = useT();
  const { user } = useSession();
  const changePassword = useChangePassword();
  const signOutEverywhere = useLogoutEverywhere();
  const form = useForm({
    initial: { currentPassword: '', password: '', confirmPassword: '' },
    check: bySchema(ChangePasswordSchema),
  });
  const [saved, setSaved] = useState<string | null>(null);
  const [ask, confirmDialog] = useConfirm();
  if (!user) return null;

  async function confirmSignOutEverywhere() {
    const yes = await ask({
      title: t('account.settings.confirmTitle'),
      confirmLabel: t('account.settings.confirmLabel'),
      danger: true,
    });
    if (yes) signOutEverywhere.mutate();
  }

  return (
    <>
      <PageTitle subtitle={<bdi>{user.email}</bdi>}>{t('account.settings.title')}</PageTitle>
      <div className="settings-grid">
        <section className="card">
          <h2>{user.hasPassword ? t('account.settings.changePassword') : t('account.settings.setPassword')}</h2>
          {!user.hasPassword && <p className="muted">{t('account.settings.googleOnly')}</p>}
          <form
            noValidate
            onSubmit={(e) => {
              setSaved(null);
              void form.submit(e, async (data) => {
                setSaved((await changePassword.mutateAsync(data)).message);
                form.setValues({ currentPassword: '', password: '', confirmPassword: '' });
              });
            }}
          >
            {user.hasPassword && (
              <TextField
                label={t('account.settings.currentPassword')}
                type="password"
                autoComplete="current-password"
                {...form.bind('currentPassword')}
                error={form.fields.currentPassword && m(form.fields.currentPassword)}
              />
            )}
            <NewPasswordFields form={form} />
            <FormError message={form.error && m(form.error)} />
            {saved && (
              <p className="notice notice--ok" role="status">
                {m(saved)}
              </p>
            )}
            <button type="submit" className="btn btn--primary" disabled={form.pending}>
              {t('account.settings.savePassword')}
            </button>
          </form>
        </section>
        <NotificationSettingsSection />
        <TaxDetailsForm />
        <section className="card">
          <h2>{t('account.settings.sessions')}</h2>
          <p className="muted">{t('account.settings.sessionsLead')}</p>
          <button
            type="button"
            className="btn btn--danger"
            disabled={!signOutEverywhere.isIdle}
            onClick={confirmSignOutEverywhere}
          >
            {t('account.settings.signOutAll')}
          </button>
        </section>
        <PrivacySection user={user} onDeleted={leaveToShop} />
      </div>
      {confirmDialog}
    </>
  );
}

export default function SettingsPage() {
  return (
    <RequireAuth>
      <Settings />
    </RequireAuth>
  );
}
