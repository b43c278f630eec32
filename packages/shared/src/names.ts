import type { SessionUser } from './schemas/session.js';

/** The name the header shows: username, else display name, else email. Apart from the session's schema, which the shell need not load. */
export function headerName(user: Pick<SessionUser, 'username' | 'displayName' | 'email'>): string {
  return user.username || user.displayName || user.email;
}
