import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type SessionUser } from '../../src/domain';
import { ApiError } from '../../src/providers/http';
import { stubFetch } from './fetch-stub';

const admin: SessionUser = {
  _id: 'a'.repeat(24),
  fullname: 'Store Admin',
  name: 'Admin',
  email: 'admin@example.com',
  phone: '',
  role: 'admin',
  avatar: '',
  cartData: [],
  createdAt: '2024-01-01T00:00:00.000Z',
};
const customer: SessionUser = { ...admin, _id: 'c'.repeat(24), role: 'customer', email: 'asha@example.com' };
const support: SessionUser = { ...admin, _id: 's'.repeat(24), role: 'support', email: 'ravi@example.com' };

// A fresh module per test: the provider remembers the profile of the current token.
async function freshAuthProvider() {
  vi.resetModules();
  return (await import('../../src/providers/auth-provider')).authProvider;
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('auth provider', () => {
  it('signs an admin in without a bearer header, stores the session and greets', async () => {
    const auth = await freshAuthProvider();
    const calls = stubFetch({ body: { token: 'jwt-1', user: admin } });
    const result = await auth.login({ email: admin.email, password: 'admin123' });

    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: admin.email, password: 'admin123' },
    });
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(result).toMatchObject({
      success: true,
      redirectTo: '/',
      successNotification: { message: 'Welcome back!', description: 'You have successfully signed in.' },
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(admin);
  });

  it('turns any failed login into the sign-in failure toast', async () => {
    const auth = await freshAuthProvider();
    stubFetch({ status: 400, body: { message: 'Invalid email or password' } });
    const result = await auth.login({ email: admin.email, password: 'wrong' });
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({
      name: 'Sign in failed',
      message: 'Please check your credentials and try again.',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it.each(['manager', 'support'] as const)('signs a %s in: every staff role may use the console', async (role) => {
    const auth = await freshAuthProvider();
    stubFetch({ body: { token: `jwt-${role}`, user: { ...admin, role } } });
    await expect(auth.login({ email: admin.email, password: 'long enough secret' })).resolves.toMatchObject({
      success: true,
      redirectTo: '/',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(`jwt-${role}`);
  });

  it('reads the profile once after signing in, with the demo-password warning the login answer lacks', async () => {
    const auth = await freshAuthProvider();
    const calls = stubFetch((call) => ({
      body:
        call.url === '/api/auth/login'
          ? { token: 'jwt-1', user: admin }
          : { user: admin, demoPasswordInUse: true, storefrontUrl: 'https://shop.example.com' },
    }));
    await auth.login({ email: admin.email, password: 'admin123' });
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    await expect(auth.getIdentity!()).resolves.toEqual({
      ...admin,
      demoPasswordInUse: true,
      storefrontUrl: 'https://shop.example.com',
      resourceAccess: {},
    });
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/login', '/api/auth/me']);
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it("refuses a customer's valid login with a clear message and stores nothing", async () => {
    const auth = await freshAuthProvider();
    stubFetch({ body: { token: 'jwt-c', user: customer } });
    const result = await auth.login({ email: customer.email, password: 'secret' });
    expect(result.success).toBe(false);
    expect(result.error?.message).toMatch(/store administrators only/);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('checks a stored token once through /api/auth/me and gives the identity', async () => {
    const auth = await freshAuthProvider();
    localStorage.setItem(STORAGE_KEYS.token, 'jwt-1');
    const calls = stubFetch({ body: { user: admin, demoPasswordInUse: false } });
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    await expect(auth.getIdentity!()).resolves.toEqual({
      ...admin,
      demoPasswordInUse: false,
      storefrontUrl: null,
      resourceAccess: {},
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/auth/me' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('is anonymous without a token, and makes no call', async () => {
    const auth = await freshAuthProvider();
    const calls = stubFetch({ body: {} });
    await expect(auth.check()).resolves.toMatchObject({ authenticated: false, redirectTo: '/login' });
    await expect(auth.getIdentity!()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('forgets a token the server rejects', async () => {
    const auth = await freshAuthProvider();
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(admin));
    stubFetch({ status: 401, body: { message: 'Token expired' } });
    const result = await auth.check();
    expect(result).toMatchObject({ authenticated: false, redirectTo: '/login' });
    expect(result.error?.message).toBe('Failed to fetch profile');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps a stored support session: every staff role may use the console', async () => {
    const auth = await freshAuthProvider();
    localStorage.setItem(STORAGE_KEYS.token, 'jwt-s');
    stubFetch({ body: { user: support, demoPasswordInUse: true } });
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-s');
  });

  it('forgets a stored customer session', async () => {
    const auth = await freshAuthProvider();
    localStorage.setItem(STORAGE_KEYS.token, 'jwt-c');
    stubFetch({ body: { user: customer } });
    await expect(auth.check()).resolves.toMatchObject({ authenticated: false });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logs out by revoking the token on the server, then clearing both the token and the stored user', async () => {
    const auth = await freshAuthProvider();
    localStorage.setItem(STORAGE_KEYS.token, 'jwt-1');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(admin));
    const calls = stubFetch({ body: { success: true, message: 'Signed out' } });
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('logs out even when the server cannot be reached or refuses, and asks nothing without a token', async () => {
    const auth = await freshAuthProvider();
    localStorage.setItem(STORAGE_KEYS.token, 'jwt-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    stubFetch({ status: 401, body: { message: 'Unauthorized' } });
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    const calls = stubFetch({ body: {} });
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' });
    expect(calls).toHaveLength(0);
  });

  it('changes the password, then reads the profile again: the demo-password warning may be over', async () => {
    vi.resetModules();
    const { authProvider: auth, changePassword } = await import('../../src/providers/auth-provider');
    localStorage.setItem(STORAGE_KEYS.token, 'jwt-1');
    let demo = true;
    const calls = stubFetch((call) => {
      if (call.url === '/api/auth/change-password') {
        demo = false;
        return { body: { success: true, message: 'Password changed' } };
      }
      return { body: { user: admin, demoPasswordInUse: demo } };
    });
    await expect(auth.getIdentity!()).resolves.toMatchObject({ demoPasswordInUse: true });
    await changePassword({ currentPassword: 'admin123', newPassword: 'a much better secret' });
    await expect(auth.getIdentity!()).resolves.toMatchObject({ demoPasswordInUse: false });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/auth/me',
      'POST /api/auth/change-password',
      'GET /api/auth/me',
    ]);
    expect(calls[1]!.body).toEqual({ currentPassword: 'admin123', newPassword: 'a much better secret' });
  });

  it("hands on the server's refusal of a password change, naming its field", async () => {
    vi.resetModules();
    const { changePassword } = await import('../../src/providers/auth-provider');
    localStorage.setItem(STORAGE_KEYS.token, 'jwt-1');
    stubFetch({ status: 400, body: { message: 'currentPassword: Current password is incorrect' } });
    await expect(
      changePassword({ currentPassword: 'wrong', newPassword: 'a much better secret' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: { currentPassword: 'Current password is incorrect' },
    });
  });

  it('logs out on a 401 from any call, and only then', async () => {
    const auth = await freshAuthProvider();
    await expect(auth.onError(new ApiError('Unauthorized', 401))).resolves.toMatchObject({
      logout: true,
      redirectTo: '/login',
    });
    await expect(auth.onError(new ApiError('Product not found', 404))).resolves.toEqual({});
    await expect(auth.onError(new ApiError('Server error', 500))).resolves.toEqual({});
  });
});
