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

function Settings() {
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
      title: 'Sign out of Souq on every device, including this one?',
      confirmLabel: 'Sign out everywhere',
      danger: true,
    });
    if (yes) signOutEverywhere.mutate();
  }

  return (
    <>
      <PageTitle subtitle={user.email}>Settings</PageTitle>
      <div className="settings-grid">
        <section className="card">
          <h2>{user.hasPassword ? 'Change password' : 'Set a password'}</h2>
          {!user.hasPassword && (
            <p className="muted">You sign in with Google. Add a password to also log in with your email.</p>
          )}
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
                label="Current password"
                type="password"
                autoComplete="current-password"
                {...form.bind('currentPassword')}
                error={form.fields.currentPassword}
              />
            )}
            <NewPasswordFields form={form} />
            <FormError message={form.error} />
            {saved && (
              <p className="notice notice--ok" role="status">
                {saved}
              </p>
            )}
            <button type="submit" className="btn btn--primary" disabled={form.pending}>
              Save password
            </button>
          </form>
        </section>
        <section className="card">
          <h2>Sessions</h2>
          <p className="muted">
            Lost a phone or used a shared computer? Sign out everywhere; you will need to log in again on each device.
          </p>
          <button
            type="button"
            className="btn btn--danger"
            disabled={!signOutEverywhere.isIdle}
            onClick={confirmSignOutEverywhere}
          >
            Sign out of all sessions
          </button>
        </section>
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
