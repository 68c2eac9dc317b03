import { STORAGE_KEYS, type SessionUser } from '../domain';

/** The one place that knows where the session lives in the browser (one key, auth_token). */
export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function saveSession(token: string, user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Logout and a refused session both forget the token and the stored user. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}
