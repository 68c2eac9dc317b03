import type { AuthActionResponse, AuthProvider, CheckResponse } from '@refinedev/core';
import type { LoginInput, LoginResponse, SessionUser } from '../domain';
import { apiFetch, type ApiError } from './http';
import { clearSession, readToken, saveSession } from './session';

export const AUTH_MESSAGES = {
  signedIn: { message: 'Welcome back!', description: 'You have successfully signed in.' },
  signInFailed: 'Sign in failed',
  checkCredentials: 'Please check your credentials and try again.',
  adminsOnly: 'This console is for store administrators only. Your account cannot sign in here.',
  invalidCredentials: 'Invalid credentials',
  profileFailed: 'Failed to fetch profile',
} as const;

/** Refine shows a failed login as a toast titled with the error's name and described by its message. */
function signInFailure(description: string, cause: string): AuthActionResponse {
  const error = new Error(description, { cause });
  error.name = AUTH_MESSAGES.signInFailed;
  return { success: false, error };
}

/**
 * The profile of the stored token, fetched once per token: Refine checks the session on every
 * navigation and the header asks for the identity, and neither should cost a call each time.
 */
let profile: { token: string; user: Promise<SessionUser> } | null = null;

function profileFor(token: string): Promise<SessionUser> {
  if (profile?.token === token) return profile.user;
  const user = apiFetch('/api/auth/me').then(({ body }) => (body as { user: SessionUser }).user);
  const entry = { token, user };
  profile = entry;
  user.catch(() => {
    if (profile === entry) profile = null;
  });
  return user;
}

function forget(): void {
  profile = null;
  clearSession();
}

export const authProvider: AuthProvider = {
  login: async ({ email, password }: LoginInput) => {
    let session: LoginResponse;
    try {
      const { body } = await apiFetch('/api/auth/login', {
        method: 'POST',
        body: { email, password },
        authenticated: false,
      });
      session = body as LoginResponse;
    } catch {
      return signInFailure(AUTH_MESSAGES.checkCredentials, AUTH_MESSAGES.invalidCredentials);
    }
    // The store's customers share the login endpoint; only administrators may enter the console.
    if (session.user.role !== 'admin') return signInFailure(AUTH_MESSAGES.adminsOnly, 'not an admin');

    saveSession(session.token, session.user);
    profile = { token: session.token, user: Promise.resolve(session.user) };
    return { success: true, redirectTo: '/', successNotification: AUTH_MESSAGES.signedIn };
  },

  logout: async () => {
    forget();
    return { success: true, redirectTo: '/login' };
  },

  check: async (): Promise<CheckResponse> => {
    const token = readToken();
    if (!token) return { authenticated: false, redirectTo: '/login' };
    try {
      const user = await profileFor(token);
      if (user.role === 'admin') return { authenticated: true };
      forget();
      return { authenticated: false, redirectTo: '/login', error: new Error(AUTH_MESSAGES.adminsOnly) };
    } catch {
      forget();
      return { authenticated: false, redirectTo: '/login', error: new Error(AUTH_MESSAGES.profileFailed) };
    }
  },

  getIdentity: async () => {
    const token = readToken();
    if (!token) return null;
    try {
      return await profileFor(token);
    } catch {
      return null;
    }
  },

  onError: async (error: ApiError | null) => {
    if (error?.statusCode === 401) return { logout: true, redirectTo: '/login', error };
    return {};
  },
};
