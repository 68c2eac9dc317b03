import type { AuthActionResponse, AuthProvider, CheckResponse } from '@refinedev/core';
import type { AccessKind, ChangePasswordInput, LoginInput, LoginResponse, SessionUser } from '../domain';
import type { Access } from '../domain/roles';
import { AUTH_BASE, AUTH_CALLS, isStaffRole } from '../domain/roles';
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

/**
 * The signed-in user as the session call (AUTH_CALLS.me) describes the session (Refine's identity): the user, and
 * whether an admin account still has the demo password, which the console warns about.
 */
export interface ConsoleIdentity extends SessionUser {
  demoPasswordInUse: boolean;
  /** The server's STOREFRONT_URL: where storefront paths (banner links) open; null when it has none. */
  storefrontUrl: string | null;
  /** What each resource's kinds of call need (its contract's access), as the server enforces it. */
  resourceAccess: Readonly<Record<string, Readonly<Record<AccessKind, Access>>>>;
}

/** Refine shows a failed login as a toast titled with the error's name and described by its message. */
function signInFailure(description: string, cause: string): AuthActionResponse {
  const error = new Error(description, { cause });
  error.name = AUTH_MESSAGES.signInFailed;
  return { success: false, error };
}

/**
 * The profile of the stored token, fetched once per token: Refine checks the session on every
 * navigation, the header asks for the identity and the access control for the role, and none of them
 * should cost a call each time.
 */
let profile: { token: string; identity: Promise<ConsoleIdentity> } | null = null;

function profileFor(token: string): Promise<ConsoleIdentity> {
  if (profile?.token === token) return profile.identity;
  const identity = apiFetch(`${AUTH_BASE}${AUTH_CALLS.me}`).then(({ body }) => {
    const { user, demoPasswordInUse, storefrontUrl, resourceAccess } = body as Partial<
      Omit<ConsoleIdentity, keyof SessionUser>
    > & {
      user: SessionUser;
    };
    return {
      ...user,
      demoPasswordInUse: demoPasswordInUse === true,
      storefrontUrl: storefrontUrl ?? null,
      resourceAccess: resourceAccess ?? {},
    };
  });
  const entry = { token, identity };
  profile = entry;
  identity.catch(() => {
    if (profile === entry) profile = null;
  });
  return identity;
}

/**
 * Set by Sign Out until the next sign-in: whoever signs in next starts on the dashboard, not on the
 * page the last person left (which their role may not open). An expired session keeps the page.
 */
let signedOutByChoice = false;
export const wasSignedOutByChoice = (): boolean => signedOutByChoice;

/** The signed-in user from the cached profile (no call once the session is checked), or null when signed out. */
export async function signedInUser(): Promise<ConsoleIdentity | null> {
  const token = readToken();
  if (!token) return null;
  return profileFor(token).catch(() => null);
}

/**
 * The password change (AUTH_CALLS.changePassword). Throws the server's refusal (an ApiError naming the field it is
 * about). On success the profile is read again on next use: the demo-password warning may be over.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiFetch(`${AUTH_BASE}${AUTH_CALLS.changePassword}`, { method: 'POST', body: input });
  profile = null;
}

export const authProvider: AuthProvider = {
  login: async ({ email, password }: LoginInput) => {
    const session = await apiFetch(`${AUTH_BASE}${AUTH_CALLS.login}`, {
      method: 'POST',
      body: { email, password },
      authenticated: false,
    }).then(
      ({ body }) => body as LoginResponse,
      () => undefined,
    );
    if (!session) return signInFailure(AUTH_MESSAGES.checkCredentials, AUTH_MESSAGES.invalidCredentials);
    // The store's customers share the login endpoint; only its staff may enter the console.
    if (!isStaffRole(session.user.role)) return signInFailure(AUTH_MESSAGES.adminsOnly, 'not staff');

    saveSession(session.token, session.user);
    signedOutByChoice = false;
    // The profile (with the demo-password warning the login answer lacks) is read with the first check.
    profile = null;
    return { success: true, redirectTo: '/', successNotification: AUTH_MESSAGES.signedIn };
  },

  logout: async (params?: { byChoice?: boolean }) => {
    signedOutByChoice = params?.byChoice === true;
    // Revoke the token on the server first; signing out here must not depend on that call succeeding.
    if (readToken()) await apiFetch(`${AUTH_BASE}${AUTH_CALLS.logout}`, { method: 'POST' }).catch(() => undefined);
    profile = null;
    clearSession();
    return { success: true, redirectTo: '/login' };
  },

  check: async (): Promise<CheckResponse> => {
    const token = readToken();
    if (!token) return { authenticated: false, redirectTo: '/login' };
    const user = await profileFor(token).catch(() => null);
    if (user && isStaffRole(user.role)) return { authenticated: true };
    profile = null;
    clearSession();
    return {
      authenticated: false,
      redirectTo: '/login',
      error: new Error(user ? AUTH_MESSAGES.adminsOnly : AUTH_MESSAGES.profileFailed),
    };
  },

  getIdentity: signedInUser,

  onError: async (error: ApiError | null) =>
    error?.statusCode === 401 ? { logout: true, redirectTo: '/login', error } : {},
};
