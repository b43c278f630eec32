import { z } from 'zod';
import { MSG } from '../messages.js';

/** The spec's "simple pattern" for email addresses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

const email = (missing: string, invalid: string) =>
  required(missing).max(254, invalid).regex(EMAIL_PATTERN, invalid).toLowerCase();

/** Passwords are never trimmed: a space is a character the user chose. */
const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .min(PASSWORD_MIN, MSG.passwordTooShort)
    .max(PASSWORD_MAX, MSG.passwordTooLong);

/** Phone numbers may be typed with spaces, dashes, brackets and a leading +; 10–15 digits remain. */
const confirmation = z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields);
const passwordsMatch: [(v: { password: string; confirmPassword: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.password === v.confirmPassword,
  { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] },
];

export const PhoneSchema = required(MSG.fillAllFields)
  .transform((value) => value.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+?\d{10,15}$/, MSG.invalidPhone));

export const UsernameSchema = required(MSG.fillAllFields)
  .min(3, MSG.usernameTooShort)
  .max(30, MSG.usernameTooLong)
  .regex(/^[\p{L}\p{N}._-]+$/u, MSG.usernameCharacters);

export const RegisterSchema = z
  .object({
    email: email(MSG.fillAllFields, MSG.invalidEmail),
    password: newPassword(MSG.fillAllFields),
    confirmPassword: confirmation,
    username: UsernameSchema,
    phone: PhoneSchema,
  })
  .refine(...passwordsMatch);
export type RegisterInput = z.input<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: email(MSG.loginRequired, MSG.invalidEmailFormat),
  password: z
    .string({ error: MSG.loginRequired })
    .min(1, MSG.loginRequired)
    .min(PASSWORD_MIN, MSG.passwordTooShort)
    .max(PASSWORD_MAX, MSG.passwordTooLong),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({
  email: email(MSG.fillAllFields, MSG.invalidEmail),
});

export const TokenSchema = z.object({ token: required(MSG.tokenInvalid).max(200, MSG.tokenInvalid) });

export const ResetPasswordSchema = z
  .object({
    token: required(MSG.tokenInvalid).max(200, MSG.tokenInvalid),
    password: newPassword(MSG.fillAllFields),
    confirmPassword: confirmation,
  })
  .refine(...passwordsMatch);

/** The current password may be empty only for accounts that never had one (Google sign-in). */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX).default(''),
    password: newPassword(MSG.fillAllFields),
    confirmPassword: confirmation,
  })
  .refine(...passwordsMatch);
