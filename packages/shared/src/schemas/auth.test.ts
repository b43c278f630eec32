import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from '../messages.js';
import { firstMessage, toFieldErrors } from '../validation.js';
import { LoginSchema, RegisterSchema } from './auth.js';

const valid = {
  email: 'Amira@Example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  username: 'amira',
  phone: '0501234567',
};

/** What the form's red line and the per-field hints would show for this input. */
function failure(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return { message: firstMessage(result.error), fields: toFieldErrors(result.error) };
}

describe('RegisterSchema', () => {
  it('accepts a complete form, lowercasing the email and stripping phone punctuation', () => {
    expect(RegisterSchema.parse({ ...valid, phone: '+971 (50) 123-4567' })).toEqual({
      ...valid,
      email: 'amira@example.com',
      phone: '+971501234567',
    });
  });

  it('requires every field', () => {
    expect(failure(RegisterSchema, {})).toEqual({
      message: 'Please fill in all fields.',
      fields: {
        email: 'Please fill in all fields.',
        password: 'Please fill in all fields.',
        confirmPassword: 'Please fill in all fields.',
        username: 'Please fill in all fields.',
        phone: 'Please fill in all fields.',
      },
    });
  });

  it.each(['email', 'password', 'confirmPassword', 'username', 'phone'] as const)(
    'treats an empty %s as missing',
    (field) => {
      const { message, fields } = failure(RegisterSchema, { ...valid, [field]: '' });
      expect(message).toBe('Please fill in all fields.');
      expect(fields[field]).toBe('Please fill in all fields.');
    },
  );

  it('treats blank text as missing', () => {
    expect(failure(RegisterSchema, { ...valid, username: '   ' }).message).toBe('Please fill in all fields.');
    expect(failure(RegisterSchema, { ...valid, email: ' \t' }).message).toBe('Please fill in all fields.');
  });

  it.each(['amira', 'amira@', '@example.com', 'amira@example', 'am ira@example.com', 'a@b@c.com'])(
    'refuses the email %j',
    (email) => {
      expect(failure(RegisterSchema, { ...valid, email })).toEqual({
        message: 'Please enter a valid email address.',
        fields: { email: 'Please enter a valid email address.' },
      });
    },
  );

  it('refuses passwords shorter than 6 characters and accepts exactly 6', () => {
    expect(failure(RegisterSchema, { ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      message: 'Password must be at least 6 characters.',
      fields: { password: 'Password must be at least 6 characters.' },
    });
    expect(RegisterSchema.safeParse({ ...valid, password: '123456', confirmPassword: '123456' }).success).toBe(true);
  });

  it('keeps spaces in passwords: six spaces are six characters, five are too few', () => {
    expect(RegisterSchema.parse({ ...valid, password: '      ', confirmPassword: '      ' }).password).toBe('      ');
    expect(failure(RegisterSchema, { ...valid, password: '     ', confirmPassword: '     ' }).message).toBe(
      MSG.passwordTooShort,
    );
  });

  it('refuses a confirmation that does not match, on the confirmation field', () => {
    expect(failure(RegisterSchema, { ...valid, confirmPassword: 'secret2' })).toEqual({
      message: 'Passwords do not match.',
      fields: { confirmPassword: 'Passwords do not match.' },
    });
  });

  it('refuses usernames shorter than 3 characters and accepts exactly 3', () => {
    expect(failure(RegisterSchema, { ...valid, username: 'ab' })).toEqual({
      message: 'Username should be at least 3 characters.',
      fields: { username: 'Username should be at least 3 characters.' },
    });
    expect(RegisterSchema.safeParse({ ...valid, username: 'abc' }).success).toBe(true);
  });

  it.each(['123456789', '1234567890123456', '05012345ab', '+', '050 123 456'])('refuses the phone %j', (phone) => {
    expect(failure(RegisterSchema, { ...valid, phone })).toEqual({
      message: 'Enter a valid phone number with 10–15 digits.',
      fields: { phone: 'Enter a valid phone number with 10–15 digits.' },
    });
  });

  it.each(['0501234567', '123456789012345', '+971-50-123-4567', '(050) 123 4567'])('accepts the phone %j', (phone) => {
    expect(RegisterSchema.safeParse({ ...valid, phone }).success).toBe(true);
  });

  it('applies our own limits beyond the required fields', () => {
    expect(failure(RegisterSchema, { ...valid, username: 'am ira' }).fields).toEqual({
      username: 'Username can only use letters, numbers, dots, dashes and underscores.',
    });
    expect(failure(RegisterSchema, { ...valid, username: 'a'.repeat(31) }).message).toBe(
      'Username must be at most 30 characters.',
    );
    expect(RegisterSchema.safeParse({ ...valid, username: 'أميرة_99' }).success).toBe(true);
    const long = 'p'.repeat(129);
    expect(failure(RegisterSchema, { ...valid, password: long, confirmPassword: long }).message).toBe(
      'Password must be at most 128 characters.',
    );
  });

  it("prefers 'Please fill in all fields.' over a format problem reported earlier", () => {
    const { message, fields } = failure(RegisterSchema, { ...valid, email: 'not-an-email', phone: '' });
    expect(message).toBe('Please fill in all fields.');
    expect(fields).toEqual({ email: 'Please enter a valid email address.', phone: 'Please fill in all fields.' });
  });

  it('refuses a body that is not an object', () => {
    expect(RegisterSchema.safeParse('amira').success).toBe(false);
    expect(RegisterSchema.safeParse(null).success).toBe(false);
  });
});

describe('LoginSchema', () => {
  const login = { email: 'amira@example.com', password: 'secret1' };

  it('accepts an email and password, trimming and lowercasing the email only', () => {
    expect(LoginSchema.parse({ email: '  AMIRA@example.com ', password: ' secret ' })).toEqual({
      email: 'amira@example.com',
      password: ' secret ',
    });
  });

  it.each([
    {},
    { email: 'amira@example.com' },
    { password: 'secret1' },
    { email: '', password: '' },
    { email: ' ', password: 'secret1' },
  ])('asks for both email and password: %j', (input) => {
    expect(failure(LoginSchema, input).message).toBe('Please enter both email and password.');
  });

  it('names each missing field', () => {
    expect(failure(LoginSchema, {}).fields).toEqual({
      email: 'Please enter both email and password.',
      password: 'Please enter both email and password.',
    });
  });

  it('refuses a malformed email', () => {
    expect(failure(LoginSchema, { ...login, email: 'amira.example.com' })).toEqual({
      message: 'Invalid email format.',
      fields: { email: 'Invalid email format.' },
    });
  });

  it('refuses a password shorter than 6 characters', () => {
    expect(failure(LoginSchema, { ...login, password: '12345' })).toEqual({
      message: 'Password must be at least 6 characters.',
      fields: { password: 'Password must be at least 6 characters.' },
    });
  });

  it("prefers 'Please enter both email and password.' over the email format", () => {
    expect(failure(LoginSchema, { email: 'nope', password: '' }).message).toBe('Please enter both email and password.');
  });
});
