import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine, type OpenNotificationParams } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type SessionUser } from '../../src/domain';
import { NOTIFICATION_SETTINGS_URL, type NotificationSettings } from '../../src/domain/notifications';
import { authProvider } from '../../src/providers/auth-provider';
import { dataProvider } from '../../src/providers/data-provider';
import ProfilePage from '../../src/pages/profile/ProfilePage';
import { stubFetch, type RecordedCall, type StubResponse } from './fetch-stub';

/*
 * The profile page with the real auth and data providers: GET /api/auth/me, POST /api/auth/change-password
 * and the notification settings are answered by the fetch stub, as in the auth provider's own test. What
 * is pinned: the form's own checks send nothing, the server's refusal of a field shows on that field, a
 * change empties the form and reads the profile again (which ends the demo-password warning); the
 * notification kinds show as saved and save as chosen.
 */

const WAIT = { timeout: 10_000 };
const manager: SessionUser = {
  _id: 'm'.repeat(24),
  fullname: 'Meera Manager',
  name: 'Meera',
  email: 'meera@example.com',
  phone: '',
  role: 'manager',
  avatar: '',
  cartData: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

let session = 0;
const SETTINGS: NotificationSettings = {
  kinds: ['orders', 'low_stock'],
  available: ['orders', 'returns', 'low_stock'],
};
function openProfile(answer: (call: RecordedCall) => StubResponse) {
  // A token of its own: the auth provider caches the profile per token.
  localStorage.setItem(STORAGE_KEYS.token, `jwt-profile-${(session += 1)}`);
  const calls = stubFetch((call) =>
    call.url === NOTIFICATION_SETTINGS_URL && call.method === 'GET' ? { body: SETTINGS } : answer(call),
  );
  /** The calls of the account's own forms. */
  const accountCalls = () => calls.filter((call) => call.url.startsWith('/api/auth/'));
  const notices: OpenNotificationParams[] = [];
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <Refine
            authProvider={authProvider}
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            notificationProvider={{ open: (notice) => notices.push(notice), close: () => undefined }}
            options={{ disableTelemetry: true }}
          >
            <ProfilePage />
          </Refine>
        ),
      },
    ],
    { initialEntries: ['/profile'] },
  );
  render(<RouterProvider router={router} />);
  return { calls, accountCalls, notices };
}

const me = (demoPasswordInUse = false): StubResponse => ({ body: { success: true, user: manager, demoPasswordInUse } });
const form = () => screen.findByRole('form', { name: 'Change password' }, WAIT);
const field = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label) as HTMLInputElement;

function submit(scope: HTMLElement, current: string, next: string, confirmation = next) {
  fireEvent.change(field(scope, /^Current password/), { target: { value: current } });
  fireEvent.change(field(scope, /^New password/), { target: { value: next } });
  fireEvent.change(field(scope, /^Confirm new password/), { target: { value: confirmation } });
  fireEvent.click(within(scope).getByRole('button', { name: 'Change password' }));
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('profile', { timeout: 30_000 }, () => {
  it('shows who is signed in, with the role in words', async () => {
    openProfile(() => me());
    expect(await screen.findByText('Meera Manager', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('meera@example.com')).toBeTruthy();
    expect(screen.getByText('Manager')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
  });

  it('checks the new password before asking the server: length, not the email, not the current one, confirmed', async () => {
    const { accountCalls } = openProfile(() => me());
    const scope = await form();
    for (const field of ['Current password', 'New password', 'Confirm new password']) {
      expect((within(scope).getByLabelText(new RegExp(`^${field}`)) as HTMLInputElement).type, field).toBe('password');
    }
    submit(scope, 'old secret', 'short');
    expect(await within(scope).findByText('Password must be at least 10 characters', {}, WAIT)).toBeTruthy();
    submit(scope, 'old secret', 'MEERA@example.com');
    expect(await within(scope).findByText('Password must not be your email address', {}, WAIT)).toBeTruthy();
    submit(scope, 'the same old secret', 'the same old secret');
    expect(await within(scope).findByText('New password must differ from the current one', {}, WAIT)).toBeTruthy();
    submit(scope, 'old secret', 'a long new secret', 'a long new secreT');
    expect(await within(scope).findByText('The passwords do not match', {}, WAIT)).toBeTruthy();
    expect(accountCalls().map((call) => call.url)).toEqual(['/api/auth/me']);
  });

  it("shows the server's refusal on the field it names", async () => {
    openProfile((call) =>
      call.url === '/api/auth/change-password'
        ? { status: 400, body: { message: 'currentPassword: Current password is incorrect' } }
        : me(),
    );
    const scope = await form();
    submit(scope, 'not it at all', 'a long new secret');
    expect(await within(scope).findByText('Current password is incorrect', {}, WAIT)).toBeTruthy();
    expect(field(scope, /^Current password/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field(scope, /^Current password/)), WAIT);
    expect(within(scope).queryByRole('alert')).toBeNull();
  });

  it('changes the password, empties the form, says so and reads the profile again', async () => {
    let changed = false;
    const { accountCalls, notices } = openProfile((call) => {
      if (call.url !== '/api/auth/change-password') return me(!changed);
      changed = true;
      return { body: { success: true, message: 'Password changed' } };
    });
    const scope = await form();
    submit(scope, 'admin123', 'a long new secret');
    await waitFor(() => expect(notices.map((notice) => notice.message)).toEqual(['Password changed']), WAIT);
    await waitFor(
      () =>
        expect(accountCalls().map((call) => `${call.method} ${call.url}`)).toEqual([
          'GET /api/auth/me',
          'POST /api/auth/change-password',
          'GET /api/auth/me',
        ]),
      WAIT,
    );
    expect(accountCalls()[1]!.body).toEqual({ currentPassword: 'admin123', newPassword: 'a long new secret' });
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/])
      expect(field(scope, label).value).toBe('');
  });

  it('shows the notification kinds the role receives, ticked as saved, and saves the choice', async () => {
    const { calls, notices } = openProfile((call) =>
      call.method === 'PUT' ? { body: { ...SETTINGS, kinds: ['returns'] } } : me(),
    );
    const scope = await screen.findByRole('form', { name: 'Notifications' }, WAIT);
    const box = (name: string) => within(scope).findByRole('checkbox', { name }, WAIT) as Promise<HTMLInputElement>;
    expect((await box('New orders')).checked).toBe(true);
    expect((await box('Returns requested')).checked).toBe(false);
    expect((await box('Low stock')).checked).toBe(true);
    const save = within(scope).getByRole('button', { name: 'Save notification settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(await box('New orders'));
    fireEvent.click(await box('Low stock'));
    fireEvent.click(await box('Returns requested'));
    fireEvent.click(save);
    await waitFor(() => expect(notices.map((notice) => notice.message)).toEqual(['Notification settings saved']), WAIT);
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: NOTIFICATION_SETTINGS_URL,
      body: { kinds: ['returns'] },
    });
  });
});
