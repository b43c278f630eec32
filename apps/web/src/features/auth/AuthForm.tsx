import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginSchema, RegisterSchema } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
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
      <h1>{registering ? 'Create your account' : 'Welcome back'}</h1>
      <p className="muted">
        {registering ? 'Sell, bid and shop across the Gulf.' : 'Log in to buy, bid and sell on Souq.'}
      </p>
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
        <TextField label="Email" type="email" autoComplete="email" {...form.bind('email')} error={form.fields.email} />
        <TextField
          label="Password"
          type="password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          {...form.bind('password')}
          error={form.fields.password}
        />
        {registering && (
          <>
            <TextField
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              {...register.bind('confirmPassword')}
              error={register.fields.confirmPassword}
            />
            <TextField
              label="Username"
              autoComplete="username"
              {...register.bind('username')}
              error={register.fields.username}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              placeholder="+971 50 123 4567"
              {...register.bind('phone')}
              error={register.fields.phone}
            />
          </>
        )}
        <FormError message={form.error} />
        <button type="submit" className="btn btn--primary btn--block" disabled={form.pending}>
          {form.pending ? 'Please wait…' : registering ? 'Register' : 'Login'}
        </button>
      </form>
      {!registering && (
        <p className="auth-card__aside">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      )}
      <div className="divider">
        <span>or</span>
      </div>
      <GoogleButton onDone={done} onError={googleError} />
      <p className="auth-card__toggle">
        {registering ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button type="button" className="link-button" onClick={toggle}>
          {registering ? 'Login' : 'Register'}
        </button>
      </p>
    </section>
  );
}
