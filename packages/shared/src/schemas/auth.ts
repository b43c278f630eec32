import { z } from 'zod';
import { MSG } from '../messages.js';
import { emailAddress, plainText } from '../text.js';
import { westernDigits } from '../numbers.js';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * Passwords are never trimmed nor normalised: a space is a character the user chose, and they are
 * only ever hashed, never stored as text, so the control-character rule does not apply to them.
 */
const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .min(PASSWORD_MIN, MSG.passwordTooShort)
    .max(PASSWORD_MAX, MSG.passwordTooLong);

const confirmation = z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields);
const passwordsMatch: [
  (v: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] = [(v) => v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] }];

/**
 * Phone numbers may be typed with spaces, dashes, brackets and a leading +; 10–15 digits remain,
 * in any of the three digit sets (٠٥٠١٢٣٤٥٦٧ is stored as 0501234567).
 */
export const PhoneSchema = plainText({
  required: MSG.fillAllFields,
  max: [40, MSG.invalidPhone],
  invalid: MSG.invalidPhone,
})
  .transform((value) => westernDigits(value).replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+?\d{10,15}$/, MSG.invalidPhone))
  // What a client may send, as the checks above read it (contract/patterns.test.ts holds them equal).
  .meta({
    pattern: '^[\\s().-]*\\+?(?:[\\s().-]*[0-9\u0660-\u0669\u06F0-\u06F9]){10,15}[\\s().-]*$',
    maxLength: 40,
    description:
      'A phone number: 10 to 15 digits (Arabic-Indic digits too), an optional leading +, spaces, dashes, dots and brackets allowed between.',
  });

export const USERNAME_CHARACTERS = /^[\p{L}\p{N}._-]+$/u;

/** Letters, digits, dots, dashes and underscores; `missing` differs between sign-up and the profile form. */
export const username = (missing: string) =>
  plainText({
    required: missing,
    min: [3, MSG.usernameTooShort],
    max: [30, MSG.usernameTooLong],
    invalid: MSG.usernameCharacters,
  }).regex(USERNAME_CHARACTERS, MSG.usernameCharacters);

export const UsernameSchema = username(MSG.fillAllFields);

export const RegisterSchema = z
  .object({
    email: emailAddress(MSG.fillAllFields, MSG.invalidEmail),
    password: newPassword(MSG.fillAllFields),
    confirmPassword: confirmation,
    username: UsernameSchema,
    phone: PhoneSchema,
  })
  .refine(...passwordsMatch);
export type RegisterInput = z.output<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: emailAddress(MSG.loginRequired, MSG.invalidEmailFormat),
  password: z
    .string({ error: MSG.loginRequired })
    .min(1, MSG.loginRequired)
    .min(PASSWORD_MIN, MSG.passwordTooShort)
    .max(PASSWORD_MAX, MSG.passwordTooLong),
});
export type LoginInput = z.output<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({
  email: emailAddress(MSG.fillAllFields, MSG.invalidEmail),
});
export type ForgotPasswordInput = z.output<typeof ForgotPasswordSchema>;

/** Our tokens are base64url; anything else cannot be one, whatever it contains. */
const token = required(MSG.tokenInvalid)
  .max(200, MSG.tokenInvalid)
  .regex(/^[\w-]+$/, MSG.tokenInvalid);

export const TokenSchema = z.object({ token });
export type TokenInput = z.output<typeof TokenSchema>;

export const ResetPasswordSchema = z
  .object({
    token,
    password: newPassword(MSG.fillAllFields),
    confirmPassword: confirmation,
  })
  .refine(...passwordsMatch);
export type ResetPasswordInput = z.output<typeof ResetPasswordSchema>;

/** The current password may be empty only for accounts that never had one (Google sign-in). */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX).default(''),
    password: newPassword(MSG.fillAllFields),
    confirmPassword: confirmation,
  })
  .refine(...passwordsMatch);
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;
