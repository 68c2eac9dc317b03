import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine, type BaseRecord, type DataProvider, type OpenNotificationParams } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toRefineResources } from '../../src/app/refine-resources';
import { STORAGE_KEYS, type Banner, type SessionUser, type StaffMember, type UserRole } from '../../src/domain';
import { accessControlProvider } from '../../src/providers/access-control';
import { ApiError } from '../../src/providers/http';
import { withId } from '../../src/providers/data-provider/records';
import { bannersResource } from '../../src/resources/banners';
import { couponsResource } from '../../src/resources/coupons';
import type { ResourceDeclaration } from '../../src/app/declaration';
import { staffResource } from '../../src/resources/staff';
import { stubFetch } from './fetch-stub';
import { i18nProvider } from '../../src/providers/i18n-provider';
import { RESOURCE_ACCESS } from './store-contracts';

/*
 * The generated screens under Refine's access control, in jsdom: the routes the declarations make (the
 * scaffold's access gate included), the real access control provider, and the signed-in role from
 * GET /api/auth/me. The records come from a data provider in memory that keeps what the screens send:
 * what is pinned here is what each role is offered and what the Team dialogs send, not the server
 * (tests/e2e/team.test.ts drives the same against it).
 */

const WAIT = { timeout: 10_000 };
const STAMP = '2026-01-01T00:00:00.000Z';
const staff: StaffMember[] = [
  {
    _id: 'a'.repeat(24),
    fullname: 'Asha Admin',
    email: 'admin@example.com',
    role: 'admin',
    createdAt: STAMP,
    updatedAt: STAMP,
  },
  {
    _id: 'b'.repeat(24),
    fullname: 'Ravi Support',
    email: 'ravi@example.com',
    role: 'support',
    createdAt: STAMP,
    updatedAt: '2026-02-02T00:00:00.000Z',
  },
];
const banners: Banner[] = [
  {
    _id: 'c'.repeat(24),
    name: 'Summer',
    title: 'Summer sale',
    image: '/uploads/summer.png',
    createdAt: STAMP,
    updatedAt: STAMP,
  },
];

/** A data provider over arrays, keeping every write; `refuse` makes a write fail as the server would. */
function memoryData(tables: Record<string, BaseRecord[]>) {
  const writes: { verb: string; resource: string; id?: unknown; variables?: unknown }[] = [];
  const refusals: Partial<Record<'create' | 'update' | 'deleteOne', ApiError>> = {};
  const rows = (resource: string) => (tables[resource] ?? []).map(withId);
  const refused = (verb: keyof typeof refusals) => {
    const error = refusals[verb];
    if (error) throw error;
  };
  const provider: DataProvider = {
    getApiUrl: () => '/api',
    getList: async ({ resource }) => ({ data: rows(resource) as never[], total: rows(resource).length }),
    getOne: async ({ resource, id }) => ({ data: rows(resource).find((row) => row._id === id) as never }),
    create: async ({ resource, variables }) => {
      writes.push({ verb: 'create', resource, variables });
      refused('create');
      return { data: { ...(variables as object), _id: 'new', id: 'new' } as never };
    },
    update: async ({ resource, id, variables }) => {
      writes.push({ verb: 'update', resource, id, variables });
      refused('update');
      return { data: { ...(variables as object), _id: id, id } as never };
    },
    deleteOne: async ({ resource, id }) => {
      writes.push({ verb: 'delete', resource, id });
      refused('deleteOne');
      return { data: { id } as never };
    },
  };
  return { provider, writes, refusals };
}

const declared: ResourceDeclaration[] = [staffResource, couponsResource, bannersResource];
const routesOf = ({ list, create, edit, show }: ResourceDeclaration): RouteObject[] =>
  [list, create, edit, show].flatMap((route) => (route ? [{ path: route.path, element: <route.page /> }] : []));

let session = 0;
/** The console's routes for `declared` at `path`, signed in as `role` (a token of its own: the profile is cached per token). */
function openAs(role: UserRole, path: string) {
  const user: SessionUser = { ...staff[0]!, name: 'Someone', phone: '', avatar: '', cartData: [], role };
  localStorage.setItem(STORAGE_KEYS.token, `jwt-${role}-${(session += 1)}`);
  const profileCalls = stubFetch({ body: { user, demoPasswordInUse: false, resourceAccess: RESOURCE_ACCESS } });
  const data = memoryData({ staff: structuredClone(staff), banners: structuredClone(banners), coupons: [] });
  const notices: OpenNotificationParams[] = [];
  const router = createMemoryRouter(
    [
      {
        element: (
          <Refine
            dataProvider={data.provider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            accessControlProvider={accessControlProvider}
            notificationProvider={{ open: (notice) => notices.push(notice), close: () => undefined }}
            resources={toRefineResources(declared)}
            options={{ disableTelemetry: true, mutationMode: 'pessimistic' }}
          >
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </Refine>
        ),
        children: [...declared.flatMap(routesOf), { path: '/', element: <h1>Dashboard</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { ...data, notices, profileCalls, router };
}

const forbidden = () => screen.findByRole('heading', { name: 'You do not have access to this page' }, WAIT);
const dialogNamed = (name: string) => screen.findByRole('dialog', { name }, WAIT);
/** The labels of a dialog's fields, in order. */
const fieldLabels = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('label'), (label) => label.textContent?.replace(/\s*\*$/, '').trim());

async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }, WAIT));
}

// The lazy screens load once, before the first test's clock starts (the data grid takes a while in jsdom).
beforeAll(async () => {
  await Promise.all([
    import('../../src/components/resource/ResourceListScreen'),
    import('../../src/components/resource/ScreenAccess'),
    import('../../src/resources/staff/resource'),
  ]);
}, 60_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Team (the staff resource) for an admin', { timeout: 30_000 }, () => {
  it('lists the staff with their roles, offers add, edit and delete, and asks for the profile once', async () => {
    const { profileCalls } = openAs('admin', '/team');
    expect(await screen.findByRole('heading', { name: 'Team', level: 1 }, WAIT)).toBeTruthy();
    await screen.findByRole('button', { name: 'Delete Ravi Support' }, WAIT);
    expect(screen.getByRole('button', { name: 'Edit Asha Admin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Team Member' })).toBeTruthy();
    const ravi = screen.getByRole('grid').querySelector(`[role="row"][data-id="${staff[1]!._id}"]`) as HTMLElement;
    expect(within(ravi).getByText('Support')).toBeTruthy();
    expect(within(ravi).getByText('ravi@example.com')).toBeTruthy();
    expect(profileCalls.map((call) => call.url)).toEqual(['/api/auth/me']);
  });

  it("adds a colleague with the dialog's four fields, checked before anything is sent", async () => {
    const { writes, refusals } = openAs('admin', '/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Team Member' }, WAIT));
    const add = await dialogNamed('Add Team Member');
    expect(fieldLabels(add)).toEqual(['Full name', 'Email', 'Role', 'Password']);
    expect(within(add).getByRole('combobox', { name: /^Role/ }).textContent).toBe('Support');
    const password = within(add).getByLabelText(/^Password/) as HTMLInputElement;
    expect(password.type).toBe('password');

    fireEvent.change(within(add).getByRole('textbox', { name: /^Full name/ }), { target: { value: 'Meera Manager' } });
    fireEvent.change(within(add).getByRole('textbox', { name: /^Email/ }), { target: { value: 'meera@example.com' } });
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Team Member' }));
    expect(await within(add).findByText('Password must be at least 10 characters', {}, WAIT)).toBeTruthy();
    fireEvent.change(password, { target: { value: 'Meera@Example.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Team Member' }));
    expect(await within(add).findByText('Password must not be your email address', {}, WAIT)).toBeTruthy();
    expect(writes).toEqual([]);

    // The server's refusal (a second account with one email) shows in the dialog, in its words.
    refusals.create = new ApiError('A staff account with this email already exists', 409, true);
    await choose(add, /^Role/, 'Manager');
    fireEvent.change(password, { target: { value: 'a long first secret' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Team Member' }));
    const refusal = await within(add).findByRole('alert', {}, WAIT);
    expect(refusal.textContent).toContain('Failed to add team member');
    expect(refusal.textContent).toContain('A staff account with this email already exists');
    expect(writes).toEqual([
      {
        verb: 'create',
        resource: 'staff',
        variables: {
          fullname: 'Meera Manager',
          email: 'meera@example.com',
          role: 'manager',
          password: 'a long first secret',
        },
      },
    ]);
  });

  it('edits only the name and the role, sending the version it loaded', async () => {
    const { writes } = openAs('admin', '/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ravi Support' }, WAIT));
    const edit = await dialogNamed('Edit Team Member');
    await waitFor(
      () =>
        expect((within(edit).getByRole('textbox', { name: /^Full name/ }) as HTMLInputElement).value).toBe(
          'Ravi Support',
        ),
      WAIT,
    );
    expect(fieldLabels(edit)).toEqual(['Full name', 'Role']);
    await choose(edit, /^Role/, 'Manager');
    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(edit.isConnected).toBe(false), WAIT);
    expect(writes).toEqual([
      {
        verb: 'update',
        resource: 'staff',
        id: staff[1]!._id,
        variables: { fullname: 'Ravi Support', role: 'manager', updatedAt: staff[1]!.updatedAt },
      },
    ]);
  });

  it("asks before removing, and says the server's refusal (removing yourself)", async () => {
    const { writes, refusals, notices } = openAs('admin', '/team');
    refusals.deleteOne = new ApiError('You cannot remove your own account', 409, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Asha Admin' }, WAIT));
    const confirm = await dialogNamed('Delete team member Asha Admin?');
    expect(within(confirm).getByText(/Are you sure you want to remove this team member\?/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(
      () => expect(notices.map((notice) => notice.message)).toContain('You cannot remove your own account'),
      WAIT,
    );
    expect(writes).toEqual([{ verb: 'delete', resource: 'staff', id: staff[0]!._id }]);
  });
});

describe('what each role is offered', { timeout: 30_000 }, () => {
  it.each(['manager', 'support'] as const)('shows a %s the 403 screen on /team, with a way back', async (role) => {
    openAs(role, '/team');
    await forbidden();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Team' })).toBeNull();
  });

  it("shows support the 403 screen for Quick Add's ?action=create and for an edit page", async () => {
    openAs('support', '/catalog/coupons?action=create');
    await forbidden();
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    openAs('support', `/admin/edit-banner/${banners[0]!._id}`);
    await forbidden();
  });

  it('lets support read a list and a record, without add, edit or delete', async () => {
    const { router } = openAs('support', '/banners');
    // View is offered (support may read), so the access control has answered for the other actions too.
    await screen.findByRole('link', { name: 'View Summer' }, WAIT);
    expect(screen.queryByRole('button', { name: 'Add Banner' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Summer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Summer' })).toBeNull();

    await router.navigate(`/admin/view-banner/${banners[0]!._id}`);
    await screen.findByRole('heading', { name: 'Summer sale' }, WAIT);
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('offers a manager add, edit and delete outside the Team', async () => {
    const { router } = openAs('manager', '/banners');
    await screen.findByRole('button', { name: 'Delete Summer' }, WAIT);
    expect(screen.getByRole('link', { name: 'Edit Summer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Banner' })).toBeTruthy();
    await router.navigate('/catalog/coupons?action=create');
    await dialogNamed('Add New Coupon');
  });
});
