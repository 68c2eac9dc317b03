import { describe, expect, it } from 'vitest';
import { ADMIN, CUSTOMER, useConsoleHarness } from './harness';

const app = useConsoleHarness();

const storedSession = () => ({ token: localStorage.getItem('auth_token'), user: localStorage.getItem('user') });

describe('signing in and out', () => {
  it('shows the failure toast for a wrong password and stays on the sign-in screen', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.getByText('Sign in failed').waitFor();
    await page.getByText('Please check your credentials and try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(storedSession)).toEqual({ token: null, user: null });
  });

  it('lands on the dashboard with the success toast and the admin greeted by name', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByText('Enter your credentials to access the dashboard').waitFor();
    await page.getByText(/© \d{4} Apparel Admin/).waitFor();

    await page.getByLabel('Email').fill(ADMIN.email);
    const password = page.getByLabel(/^Password/);
    await password.fill(ADMIN.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome back!', { exact: true }).waitFor();
    await page.getByText('You have successfully signed in.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText(/Welcome back, Store Admin/).waitFor();

    // Signed in, the sign-in screen sends the admin on to the console.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('redirects a signed-out visitor from a protected route to /login, and back after signing in', async () => {
    const page = await app.newPage();
    await page.goto('/orders');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search, 'the address is exactly /login').toBe('');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
  });

  it("refuses a customer's valid credentials with a clear message", async () => {
    const page = await app.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel(/^Password/).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.getByText(/for store administrators only/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(storedSession)).toEqual({ token: null, user: null });
  });

  it('signs out to /login, clears both the token and the stored user, and the next sign-in starts on the dashboard', async () => {
    const page = await app.newPage();
    await app.signIn(page);
    expect(await page.evaluate(storedSession)).toMatchObject({ token: expect.any(String), user: expect.any(String) });
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menu').getByText(ADMIN.email).waitFor();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(storedSession)).toEqual({ token: null, user: null });

    // Whoever signs in next (a colleague whose role may not open Orders) starts on the dashboard.
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
