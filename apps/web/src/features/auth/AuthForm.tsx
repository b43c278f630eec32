import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginSchema, RegisterSchema } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { GoogleButton } from './GoogleButton';
import { useLogin, useRefreshSession, useRegister } from './api';

/**
 * Where to go once signed in: the page that sent the visitor here (an auction they wanted to bid
 * on), else the shop. Only a path inside this site is followed.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** Login and register are one page with two modes; `?mode=register` opens the second. */
export function AuthForm() {
  const { t, m } = useT();
  const [params, setParams] = useSearchParams();
  const registering = params.get('mode') === 'register';
  const navigate = useNavigate();
  const location = useLocation();
  const back = returnPath(location.state);
  const refresh = useRefreshSession();
  const signIn = useLogin();
  const signUp = useRegister();
  const login = useForm({ initial: { email: '', password: '' }, check: bySchema(LoginSchema) });
  const register = useForm({
    initial: { email: '', password: '', confirmPassword: '', username: '', phone: '' },
    check: bySchema(RegisterSchema),
  });
  const form = registering ? register : login;
  /** A field's message (a shared MSG, or the server's words) in the page's language. */
  const say = (message: string | null | undefined) => (message ? m(message) : undefined);

  const done = useCallback(async () => {
    await refresh();
    navigate(back, { replace: true });
  }, [refresh, navigate, back]);
  const signedIn = useCallback(() => navigate(back, { replace: true }), [navigate, back]);
  const googleError = useCallback((message: string) => form.setError(message), [form]);

  function toggle() {
    setParams(registering ? {} : { mode: 'register' }, { replace: true, state: location.state });
  }

  return (
    <section className="auth-card">
      <h1>{registering ? t('auth.form.registerTitle') : t('auth.form.loginTitle')}</h1>
      <p className="muted">{registering ? t('auth.form.registerLead') : t('auth.form.loginLead')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          if (registering) {
            void register.submit(e, async (data) => {
              await signUp.mutateAsync(data);
              signedIn();
            });
          } else {
            void login.submit(e, async (data) => {
              await signIn.mutateAsync(data);
              signedIn();
            });
          }
        }}
      >
        <TextField
          label={t('auth.form.email')}
          type="email"
          dir="ltr"
          autoComplete="email"
          {...form.bind('email')}
          error={say(form.fields.email)}
        />
        <TextField
          label={t('auth.form.password')}
          type="password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          {...form.bind('password')}
          error={say(form.fields.password)}
        />
        {registering && (
          <>
            <TextField
              label={t('auth.form.confirmPassword')}
              type="password"
              autoComplete="new-password"
              {...register.bind('confirmPassword')}
              error={say(register.fields.confirmPassword)}
            />
            <TextField
              label={t('auth.form.username')}
              autoComplete="username"
              {...register.bind('username')}
              error={say(register.fields.username)}
            />
            <TextField
              label={t('auth.form.phone')}
              type="tel"
              inputMode="tel"
              dir="ltr"
              autoComplete="tel"
              placeholder={t('auth.form.phonePlaceholder')}
              {...register.bind('phone')}
              error={say(register.fields.phone)}
            />
          </>
        )}
        <FormError message={say(form.error)} />
        <button type="submit" className="btn btn--primary btn--block" disabled={form.pending}>
          {form.pending ? t('auth.form.pleaseWait') : registering ? t('auth.form.register') : t('auth.form.login')}
        </button>
      </form>
      {!registering && (
        <p className="auth-card__aside">
          <Link to="/forgot-password">{t('auth.form.forgotPassword')}</Link>
        </p>
      )}
      <div className="divider">
        <span>{t('auth.form.or')}</span>
      </div>
      <GoogleButton onDone={done} onError={googleError} />
      <p className="auth-card__toggle">
        {registering ? t('auth.form.haveAccount') : t('auth.form.noAccount')}{' '}
        <button type="button" className="link-button" onClick={toggle}>
          {registering ? t('auth.form.login') : t('auth.form.register')}
        </button>
      </p>
    </section>
  );
}
