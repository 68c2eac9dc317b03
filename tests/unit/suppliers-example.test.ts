import { describe, expect, it } from 'vitest';
import { presentResource } from '../../src/components/resource/presentation';
import suppliers from '../fixtures/suppliers/suppliers';

/** The worked example's console file (docs/adding-a-resource.md): a declaration, and screens from its contract alone. */
describe('the suppliers example in the console', () => {
  it('is a Catalog entry routed under /catalog, whose contract loads with its first screen', async () => {
    expect(suppliers).toMatchObject({
      kind: 'resource',
      name: 'suppliers',
      menu: { label: 'Suppliers', parent: 'catalog' },
      list: { path: '/catalog/suppliers' },
    });
    expect(suppliers.create).toBeUndefined();
    expect(typeof suppliers.contract).toBe('function');
    const contract = await (suppliers.contract as () => Promise<Parameters<typeof presentResource>[0]>)();
    expect(contract).toMatchObject({ name: 'suppliers', regular: true, base: '/api/suppliers' });
  });

  it('gets a column, filter and form field per field of its schema, Export and bulk delete from its contract', async () => {
    const contract = await (suppliers.contract as () => Promise<Parameters<typeof presentResource>[0]>)();
    const shown = presentResource(contract, {});
    expect(Object.keys(shown.fields)).toEqual(['name', 'country', 'email', 'leadTimeDays', 'active']);
    expect(shown.fields.name).toMatchObject({
      label: 'Name',
      filter: 'search',
      column: { sortable: true },
      form: { widget: 'text', required: true },
    });
    expect(shown.fields.country).toMatchObject({
      label: 'Country',
      filter: 'select',
      form: { widget: 'select', required: true },
    });
    expect(shown.fields.country!.options!.map((option) => option.value)).toEqual([
      'India',
      'Bangladesh',
      'Vietnam',
      'Turkey',
      'Portugal',
    ]);
    expect(shown.fields.leadTimeDays).toMatchObject({
      label: 'Lead time days',
      column: { sortable: true },
      form: { widget: 'number', required: true },
    });
    expect(shown.fields.active).toMatchObject({
      label: 'Active',
      filter: 'boolean',
      form: { widget: 'switch', required: false },
    });
    expect(shown.fields.email!.filter).toBe('search');
    expect(shown.bulk).toEqual([{ label: 'Delete', path: '/api/suppliers/bulk-delete', needs: 'delete' }]);
    expect(contract.export).toBeDefined();
    expect(shown.recordLabel!({ _id: 'a'.repeat(24), name: 'Porto Threads' } as never)).toBe('Porto Threads');
  });
});
