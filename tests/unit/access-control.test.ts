import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleEntries } from '../../src/app/resources';
import { STORAGE_KEYS, type SessionUser, type UserRole } from '../../src/domain';
import { accessFor } from '../../src/providers/access-control';
import { RESOURCE_ACCESS } from './store-contracts';
import type { ResourceDeclaration } from '../../src/app/declaration';
import { stubFetch } from './fetch-stub';

const resources = consoleEntries
  .filter((entry): entry is ResourceDeclaration => entry.kind === 'resource')
  .map((entry) => entry.name);
const ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;

const user = (role: UserRole): SessionUser => ({
  _id: 'a'.repeat(24),
  fullname: 'Someone',
  name: 'Someone',
  email: 'someone@example.com',
  phone: '',
  role,
  avatar: '',
  cartData: [],
  createdAt: '2024-01-01T00:00:00.000Z',
});

/** The provider with a signed-in user of `role` (a fresh module: the auth provider caches the profile per token). */
async function signedInAs(role: UserRole) {
  vi.resetModules();
  localStorage.setItem(STORAGE_KEYS.token, `jwt-${role}`);
  const calls = stubFetch({ body: { user: user(role), demoPasswordInUse: false, resourceAccess: RESOURCE_ACCESS } });
  const { accessControlProvider } = await import('../../src/providers/access-control');
  const can = async (resource: string, action: string) => (await accessControlProvider.can({ resource, action })).can;
  return { can, calls };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("what Refine's actions need", () => {
  it.each(resources.filter((name) => name !== 'staff' && name !== 'orders'))(
    '%s: reading is read, adding and editing write, removing delete',
    (name) => {
      expect(ACTIONS.map((action) => accessFor(RESOURCE_ACCESS, name, action))).toEqual([
        'read',
        'read',
        'write',
        'write',
        'delete',
      ]);
    },
  );

  it('the staff accounts need team access, whatever the action', () => {
    expect(ACTIONS.map((action) => accessFor(RESOURCE_ACCESS, 'staff', action))).toEqual([
      'team',
      'team',
      'team',
      'team',
      'team',
    ]);
  });

  it("an order's only edit is its status, and whoever may change it may take an order", () => {
    expect(ACTIONS.map((action) => accessFor(RESOURCE_ACCESS, 'orders', action))).toEqual([
      'read',
      'read',
      'orderStatus',
      'orderStatus',
      'delete',
    ]);
  });

  it('knows no other action, nor what an object inherits', () => {
    expect(accessFor(RESOURCE_ACCESS, 'products', 'approve')).toBeUndefined();
    expect(accessFor(RESOURCE_ACCESS, 'products', 'constructor')).toBeUndefined();
    expect(accessFor(RESOURCE_ACCESS, 'constructor', 'toString')).toBeUndefined();
  });
});

describe('access control provider', () => {
  it('lets an admin do everything, the Team included', async () => {
    const { can } = await signedInAs('admin');
    for (const resource of resources)
      for (const action of ACTIONS) expect(await can(resource, action), `${resource} ${action}`).toBe(true);
  });

  it('lets a manager do everything but the Team', async () => {
    const { can } = await signedInAs('manager');
    for (const resource of resources) {
      for (const action of ACTIONS)
        expect(await can(resource, action), `${resource} ${action}`).toBe(resource !== 'staff');
    }
  });

  it('lets support read everything but the Team, and take orders and change their status, nothing else', async () => {
    const { can } = await signedInAs('support');
    for (const resource of resources.filter((name) => name !== 'staff')) {
      expect([await can(resource, 'list'), await can(resource, 'show')], resource).toEqual([true, true]);
      expect([await can(resource, 'create'), await can(resource, 'delete')], resource).toEqual([
        resource === 'orders',
        false,
      ]);
      expect(await can(resource, 'edit'), resource).toBe(resource === 'orders');
    }
    for (const action of ACTIONS) expect(await can('staff', action), `staff ${action}`).toBe(false);
  });

  it('refuses a customer, a signed-out visitor and an unknown action', async () => {
    const customer = await signedInAs('customer');
    expect(await customer.can('orders', 'list')).toBe(false);
    const admin = await signedInAs('admin');
    expect(await admin.can('products', 'approve')).toBe(false);
    localStorage.clear();
    expect(await admin.can('products', 'list')).toBe(false);
  });

  it('answers from the profile the session already read: one call however many checks', async () => {
    const { can, calls } = await signedInAs('support');
    await Promise.all(resources.flatMap((resource) => ACTIONS.map((action) => can(resource, action))));
    await can('orders', 'edit');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me']);
  });
});
