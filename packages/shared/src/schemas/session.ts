/** What the browser knows about the signed-in user (GET /api/auth/me). */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  displayName: string | null;
  emailVerified: boolean;
  profilePic: string;
  hasPassword: boolean;
  createdAt: string;
}

export interface MeResponse {
  user: SessionUser | null;
}

export interface ProvidersResponse {
  google: { enabled: boolean; reason?: string };
}

/** The name the header shows: username, else display name, else email. */
export function headerName(user: Pick<SessionUser, 'username' | 'displayName' | 'email'>): string {
  return user.username || user.displayName || user.email;
}
