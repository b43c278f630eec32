/** The product's words, verbatim from spec/marketplace.md, used by browser and server alike. */
export const MSG = {
  // Register (spec §5)
  fillAllFields: 'Please fill in all fields.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  usernameTooShort: 'Username should be at least 3 characters.',
  invalidPhone: 'Enter a valid phone number with 10–15 digits.',
  // Login (spec §5)
  loginRequired: 'Please enter both email and password.',
  invalidEmailFormat: 'Invalid email format.',
  // Gates (spec §6)
  mustBeLoggedIn: 'You must be logged in to perform this action.',
  verificationSent: 'Verification email sent. Please check your inbox and verify your email.',
  verificationSendFailed: 'Error sending verification email. Please try again later.',
  emailNotVerified: 'Your email is not verified',
  resendVerification: 'Resend verification',
  emailSent: 'Email sent!',

  // Our own words, where the spec is silent.
  passwordTooLong: 'Password must be at most 128 characters.',
  usernameTooLong: 'Username must be at most 30 characters.',
  usernameCharacters: 'Username can only use letters, numbers, dots, dashes and underscores.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This username is already taken.',
  invalidCredentials: 'Invalid email or password.',
  passwordLoginUnavailable: 'This account signs in with Google. Use "Login using Google".',
  verificationRequired: 'Please verify your email to continue.',
  tokenInvalid: 'This link is invalid or has expired. Please request a new one.',
  emailVerified: 'Your email has been verified. Welcome to Souq!',
  resetRequested: "If an account exists for that email, we've sent a link to reset your password.",
  passwordReset: 'Your password has been changed. You can now log in.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  currentPasswordWrong: 'Your current password is incorrect.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  crossSite: 'This request came from another site and was refused.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Please try again.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleEmailUnverified:
    'Your Google email is not verified, and an account with this email already exists. Log in with your password.',
} as const;
