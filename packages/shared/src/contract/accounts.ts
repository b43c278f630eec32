import { z } from 'zod';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  TokenSchema,
} from '../schemas/auth.js';
import { MeResponseSchema, ProvidersResponseSchema, SessionUserSchema, SetLocaleSchema } from '../schemas/session.js';
import { MessageSchema, OkSchema, endpoint } from './endpoint.js';

const tag = 'Accounts';
const redirect = {
  302: { description: 'Back to the sign-in popup (with `?error=` when it failed).', contentType: null },
};

export const accounts = {
  me: endpoint({
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The signed-in user, or null',
    description:
      'Answers the account behind the session cookie (id, email, username, whether the email is verified, language, staff flag and any suspension), or `user: null` when no valid session is sent. It never refuses: someone signed out gets null.',
    tag,
    access: 'public',
    responses: { 200: MeResponseSchema },
    errors: [],
  }),
  setLocale: endpoint({
    method: 'PUT',
    path: '/api/me/locale',
    summary: "Keep the account's language (for its mail and notifications)",
    description:
      "Stores the account's language (`en` or `ar`), which its emails and notifications use from then on. Answers 204 with no body.",
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: SetLocaleSchema,
    responses: {},
    other: { 204: { description: 'Kept.', contentType: null } },
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED'],
    example: { locale: 'ar' },
  }),
  register: endpoint({
    session: 'starts',
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create an account and sign in',
    description:
      'Creates an account from an email, a password, a username and a phone number, signs it in (sets the session cookie) and emails a link to verify the address, valid for 24 hours. Answers the new user and whether the verification email went out; an email or username already taken is 409 `CONFLICT` naming the field. Limited to 10 attempts a minute per client by default (429 `RATE_LIMITED`).',
    tag,
    access: 'public',
    body: RegisterSchema,
    responses: { 201: z.object({ user: SessionUserSchema, verificationSent: z.boolean() }) },
    errors: ['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED'],
    example: {
      email: 'amira@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      username: 'amira',
      phone: '0501234567',
    },
  }),
  login: endpoint({
    session: 'starts',
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    description:
      'Checks the email and password and starts a new session: the session cookie is set (any session this browser held before is ended) and, when the account has chosen a language, the language cookie too. Answers the signed-in user; a wrong email or password, or an account that signs in only with Google, is 401 `INVALID_CREDENTIALS`. Limited to 10 attempts a minute per client by default (429 `RATE_LIMITED`).',
    tag,
    access: 'public',
    body: LoginSchema,
    responses: { 200: z.object({ user: SessionUserSchema }) },
    errors: ['VALIDATION_FAILED', 'INVALID_CREDENTIALS', 'RATE_LIMITED'],
    example: { email: 'amira@example.com', password: 'secret1' },
  }),
  logout: endpoint({
    session: 'ends',
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out here',
    description:
      "Ends this browser's session, if it has one, and clears the session cookie. Always answers `{ ok: true }`.",
    tag,
    access: 'public',
    responses: { 200: OkSchema },
    errors: [],
  }),
  logoutAll: endpoint({
    session: 'ends',
    method: 'POST',
    path: '/api/auth/logout-all',
    summary: 'Sign out everywhere',
    description: "Ends every session of the account, this one included, and clears this browser's session cookie.",
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/auth/resend-verification',
    summary: 'Send the verification email again',
    description:
      'Emails a new verification link (valid 24 hours) unless the email is already verified; `alreadyVerified` says which, and `message` says it in words. 503 `SERVICE_UNAVAILABLE` when the email could not be sent; limited to 10 attempts a minute per client by default.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    responses: { 200: z.object({ alreadyVerified: z.boolean(), message: z.string() }) },
    errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/auth/verify-email',
    summary: "Verify an email with the link's token",
    description:
      "Marks the account's email verified with the token from the verification link (single use, valid 24 hours) and answers the updated user; it does not sign anyone in. An unknown, used or expired token is 400 `TOKEN_INVALID`.",
    tag,
    access: 'public',
    body: TokenSchema,
    responses: { 200: z.object({ user: SessionUserSchema, message: z.string() }) },
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID', 'RATE_LIMITED'],
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset',
    summary: 'Email a password reset link (the same answer whether or not the account exists)',
    description:
      'Emails a link to set a new password (valid 1 hour; earlier unused reset links stop working) when an account has this email. The answer is the same, and as quick, whether or not the account exists. Limited to 10 attempts a minute per client by default.',
    tag,
    access: 'public',
    body: ForgotPasswordSchema,
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  passwordResetConfirm: endpoint({
    session: 'ends',
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    summary: 'Set a new password with a reset token',
    description:
      "Sets a new password with the token from the reset link (single use, valid 1 hour). The email counts as verified from then on, every session of the account is ended and this browser's session cookie is cleared; an unknown, used or expired token is 400 `TOKEN_INVALID`.",
    tag,
    access: 'public',
    body: ResetPasswordSchema,
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID', 'RATE_LIMITED'],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/password',
    summary: 'Change the password (other sessions are signed out)',
    description:
      'Sets a new password after checking `currentPassword` (an account that signed up with Google and has no password yet sets its first without one). Every other session of the account is ended; this one stays. A wrong current password is 400 `VALIDATION_FAILED` on `currentPassword`.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: ChangePasswordSchema,
    responses: { 200: MessageSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'INVALID_CREDENTIALS', 'RATE_LIMITED'],
  }),
  providers: endpoint({
    method: 'GET',
    path: '/api/auth/providers',
    summary: 'Which outside sign-ins are on',
    description:
      'Says whether each outside sign-in (Google) is configured on this server, with the reason when it is not, so a client can hide or disable its button.',
    tag,
    access: 'public',
    responses: { 200: ProvidersResponseSchema },
    errors: [],
  }),
  googleStart: endpoint({
    method: 'GET',
    path: '/api/auth/google/start',
    summary: "Start Google sign-in (the popup's first page)",
    description:
      "Starts Google sign-in in a popup: records the attempt (valid 10 minutes), binds it to this browser with a short-lived cookie and redirects to Google's consent page. When Google cannot be reached it redirects to `/auth/popup-done?error=…`; when Google sign-in is not configured it answers 503 `SERVICE_UNAVAILABLE`.",
    tag,
    access: 'public',
    responses: {},
    other: { 302: { description: "To Google's consent page, or back to the popup with an error.", contentType: null } },
    errors: ['RATE_LIMITED', 'NOT_FOUND'],
  }),
  googleCallback: endpoint({
    session: 'starts',
    method: 'GET',
    path: '/api/auth/google/callback',
    summary: 'Where Google sends the popup back',
    description:
      "Google sends the popup back here. The server checks the attempt against this browser's cookie, signs in the Google account's user (linking it to an existing account with the same address when Google vouches for it, or creating one) and sets the session cookie. Always redirects to `/auth/popup-done`, with `?error=` and a message when sign-in failed.",
    tag,
    access: 'public',
    responses: {},
    other: redirect,
    errors: [],
  }),
};
