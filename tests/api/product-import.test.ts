import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_COLUMNS,
  skuCode,
  type AuditEvent,
  type ImportPreview,
  type Product,
  type ProductImport,
  type StockMovement,
} from '../../src/domain';
import { ledgerMismatches, staffMember, startApp, type TestApp } from './helpers';

/**
 * The catalogue file (`rows=sku`) and its import: a dry run that writes nothing, a commit that writes
 * exactly what it showed, and an undo that puts it all back.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (url: string, token = t.adminToken) => t.call('GET', url, { token });

/** The whole catalogue as its products' API answers give it. */
const allProducts = async () =>
  (await get('/api/product/get-all-products?_sort=name&_order=asc')).json<{ products: Product[] }>().products;

/** The catalogue file, as the console downloads it. */
async function exportCatalogue(query = ''): Promise<string> {
  const response = await get(`/api/product/get-all-products?format=csv&rows=sku${query}`);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.body;
}

const records = (file: string) => parse(file, { bom: true }) as string[][];

const BOUNDARY = '----catalogue-import-boundary';
/** POST /api/product/import with `content` as the multipart field "file". */
const importFile = (content: Buffer | string, { name = 'catalogue.csv', token = t.adminToken } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/product/import',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

/** A dry run that must succeed. */
async function dryRun(content: Buffer | string): Promise<ImportPreview> {
  const response = await importFile(content);
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  return response.json<ImportPreview>();
}

/** CSV text of rows by column (RFC 4180 quoting where needed), CRLF-terminated. */
const csvOf = (rows: Partial<Record<(typeof CATALOGUE_COLUMNS)[number], string>>[], columns = [...CATALOGUE_COLUMNS]) =>
  [columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]
    .map((cells) => cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
    .join('\r\n') + '\r\n';

describe('the catalogue file (rows=sku)', () => {
  it('has a row per SKU with the columns the import reads', async () => {
    const file = await exportCatalogue();
    expect(file.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = records(file);
    expect(header).toEqual([...CATALOGUE_COLUMNS]);
    const products = await allProducts();
    const skus = products.flatMap((p) => p.variants.flatMap((v) => v.sizes.map((s) => ({ p, v, s }))));
    expect(rows).toHaveLength(skus.length + products.filter((p) => p.variants.length === 0).length);
    const { p, v, s } = skus.find(({ p }) => p.categories.length > 1) ?? skus[0]!;
    const row = rows.find((r) => r[CATALOGUE_COLUMNS.indexOf('sku')] === s.sku)!;
    expect(Object.fromEntries(CATALOGUE_COLUMNS.map((column, i) => [column, row[i]]))).toEqual({
      product_id: p._id,
      name: p.name,
      status: p.status,
      categories: p.categories.join('; '),
      collections: p.collections.join('; '),
      description: p.description,
      image: p.image,
      color: v.color,
      is_main: String(v.isMain),
      variant_image: v.image,
      size: s.size,
      sku: s.sku,
      price: s.price.toFixed(2),
      mrp: s.mrp.toFixed(2),
      count_in_stock: String(s.countInStock),
      low_stock_at: s.lowStockAt === null || s.lowStockAt === undefined ? '' : String(s.lowStockAt),
    });
  });

  it('says how many rows it holds, and narrows as the grid does', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: '/api/product/get-all-products?format=csv&rows=sku&status=active',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    const active = (await allProducts()).filter((p) => p.status === 'active');
    const skus = active.reduce(
      (n, p) =>
        n +
        Math.max(
          1,
          p.variants.reduce((m, v) => m + v.sizes.length, 0),
        ),
      0,
    );
    expect(response.headers['x-total-count']).toBe(String(skus));
    expect(response.headers['content-disposition']).toMatch(/filename="catalogue-\d{4}-\d\d-\d\d\.csv"/);
    expect(records(await exportCatalogue('&status=active'))).toHaveLength(skus + 1);
  });

  it('refuses rows other than sku, and rows without format=csv', async () => {
    for (const query of ['format=csv&rows=product', 'rows=sku']) {
      const response = await get(`/api/product/get-all-products?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'rows: must be sku, with format=csv' });
    }
  });
});

describe('the dry run', () => {
  it("finds nothing to do in the store's own catalogue file", async () => {
    const before = await allProducts();
    const preview = await dryRun(await exportCatalogue());
    expect(preview).toMatchObject({ creates: 0, updates: 0, errors: [], changes: [], changesTotal: 0 });
    expect(preview.unchanged).toBe(records(await exportCatalogue()).length - 1);
    expect(preview.importId).toMatch(/^[a-f0-9]{24}$/);
    expect(await allProducts()).toEqual(before);
  });

  it('counts 3 changed prices, 2 new SKUs, 1 new product and 2 bad rows, each error with its row and column', async () => {
    const before = await allProducts();
    const preview = await dryRun(await mixedFile());
    expect(preview).toMatchObject({ creates: 3, updates: 3, unchanged: 0, changesTotal: preview.changes.length });
    expect(preview.errors).toEqual([
      { row: 7, column: 'price', message: 'must not be negative' },
      { row: 8, column: 'status', message: 'status must be one of active, inactive, coming_soon' },
    ]);
    const prices = preview.changes.filter((c) => c.before !== null);
    expect(prices.map(({ row, field }) => [row, field])).toEqual([
      [2, 'price'],
      [3, 'price'],
      [4, 'price'],
    ]);
    expect(new Set(preview.changes.filter((c) => c.before === null).map((c) => c.row))).toEqual(new Set([5, 6, 9]));
    expect(preview.changes).toContainEqual({
      row: 9,
      sku: 'IMPORT-TEST-TEE-SAND-M',
      product: 'Import test tee',
      field: 'price',
      before: null,
      after: 24,
    });
    expect(await allProducts()).toEqual(before);
  });
});

describe('units held by open orders', () => {
  it('refuses on hand below them in the dry run, naming the row and column', async () => {
    const held = (await allProducts())
      .flatMap((p) => p.variants.flatMap((v) => v.sizes))
      .find((s) => (s.reserved ?? 0) > 0)!;
    const preview = await dryRun(csvOf([{ sku: held.sku!, count_in_stock: '0' }], ['sku', 'count_in_stock']));
    expect(preview.errors).toEqual([
      {
        row: 2,
        column: 'count_in_stock',
        message: `${held.reserved} ${held.reserved === 1 ? 'unit is' : 'units are'} reserved by open orders: on hand cannot go below that`,
      },
    ]);
  });
});

/**
 * A mixed file: 3 changed prices (rows 2-4), 2 new SKUs on a product the store has (rows 5-6), a
 * negative price (row 7), an unknown status (row 8) and 1 new product (row 9).
 */
async function mixedFile(): Promise<string> {
  const products = await allProducts();
  const sized = products.filter((p) => p.variants.length > 0 && p.variants[0]!.sizes.length >= 2);
  const [a, b] = sized;
  const sku = (p: Product, i: number) => p.variants[0]!.sizes[i]!;
  const priced = (p: Product, i: number, add: number) => ({
    sku: sku(p, i).sku!,
    price: (sku(p, i).price + add).toFixed(2),
  });
  return csvOf(
    [
      priced(a!, 0, 1),
      priced(a!, 1, 2),
      priced(b!, 0, 3),
      { product_id: b!._id, color: 'Import Teal', size: 'S', price: '20.00', mrp: '25.00', count_in_stock: '4' },
      { product_id: b!._id, color: 'Import Teal', size: 'M', price: '20.00', mrp: '25.00', count_in_stock: '6' },
      { sku: sku(b!, 1).sku!, price: '-5' },
      { product_id: b!._id, status: 'retired' },
      {
        name: 'Import test tee',
        status: 'active',
        categories: 'T-Shirts; Oversized',
        color: 'Sand',
        size: 'M',
        price: '24',
        mrp: '30',
        count_in_stock: '10',
      },
    ],
    ['product_id', 'name', 'status', 'categories', 'color', 'size', 'sku', 'price', 'mrp', 'count_in_stock'],
  );
}

describe('files it reads, and files it refuses', () => {
  /** The import's rows in the store: a refused file leaves none behind. */
  const importRows = () => t.app.database.query('select count(*)::int as n from product_imports');

  it('reads LF or CRLF, with or without a byte-order mark, quoted cells and non-ASCII names', async () => {
    const name = 'Café “Übergröße”, the tee — 東京';
    const rows = [
      {
        name,
        status: 'Coming soon',
        description: 'Soft.\nTwo lines, "quoted".',
        color: 'Ecru',
        size: 'XL',
        price: '19.5',
        mrp: '19.5',
        count_in_stock: '0',
      },
    ];
    for (const file of [csvOf(rows), '\uFEFF' + csvOf(rows), csvOf(rows).replace(/\r\n/g, '\n')]) {
      const preview = await dryRun(file);
      expect(preview).toMatchObject({ creates: 1, errors: [] });
      const after = (field: string) => preview.changes.find((c) => c.field === field)?.after;
      expect([after('name'), after('status'), after('description')]).toEqual([
        name,
        'coming_soon',
        'Soft.\nTwo lines, "quoted".',
      ]);
    }
  });

  it('reads characters beyond U+FFFF (emoji) whole in a file larger than the parser reads at once', async () => {
    // Ten descriptions of 4,000 emoji (two UTF-16 units each) fill most of an 80,000-unit file; the same
    // file shifted by one character puts an emoji's two halves either side of any boundary the parser
    // reads it by, one way or the other.
    const description = '🧵'.repeat(4000);
    for (const prefix of ['', 'X']) {
      const rows = Array.from({ length: 10 }, (_, i) => ({
        name: `${prefix}Thread Tee ${i}`,
        status: 'active',
        description,
        color: 'Ecru',
        size: 'M',
        price: '500',
        mrp: '500',
        count_in_stock: '1',
      }));
      const preview = await dryRun(csvOf(rows));
      expect(preview).toMatchObject({ creates: 10, errors: [] });
      const descriptions = preview.changes.filter((c) => c.field === 'description').map((c) => c.after);
      expect(descriptions).toHaveLength(10);
      expect(descriptions.every((after) => after === description)).toBe(true);
    }
  });

  it("reads formula cells as text, our export's escape taken off, and never as numbers", async () => {
    const preview = await dryRun(
      csvOf([
        {
          name: '\'=HYPERLINK("http://evil.example")',
          status: 'active',
          color: '@Red',
          size: "'+1",
          price: '=1+1',
          mrp: '2',
          count_in_stock: '1',
        },
        { name: '-Minus tee', status: 'active', color: 'Red', size: 'M', price: "'-2", mrp: '2', count_in_stock: '1' },
      ]),
    );
    expect(preview.errors).toEqual([
      { row: 2, column: 'price', message: 'must be a number' },
      { row: 3, column: 'price', message: 'must not be negative' },
    ]);
    const file = csvOf([
      {
        name: '\'=HYPERLINK("http://evil.example")',
        status: 'active',
        color: '@Red',
        size: "'+1",
        price: '1',
        mrp: '2',
        count_in_stock: '1',
      },
    ]);
    const changes = (await dryRun(file)).changes;
    expect(changes.find((c) => c.field === 'name')?.after).toBe('=HYPERLINK("http://evil.example")');
    expect(changes.find((c) => c.field === 'color')?.after).toBe('@Red');
    expect(changes.find((c) => c.field === 'size')?.after).toBe('+1');
  });

  it.each([
    [
      'a file in Windows-1252',
      Buffer.from('name,status\r\nCaf\xe9 tee,active\r\n', 'latin1'),
      400,
      /^file: line 2 is not UTF-8 text/,
    ],
    [
      'UTF-16 text',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name,status\r\n', 'utf16le')]),
      400,
      /^file: this is UTF-16 text/,
    ],
    [
      'an .xlsx renamed .csv',
      Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1'), Buffer.alloc(200, 1)]),
      400,
      /^file: this is a spreadsheet workbook/,
    ],
    ['binary data', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x00, 0x01]), 400, /^file: this holds binary data/],
    [
      'a ragged row',
      'name,status,price\r\nTee,active,1\r\nTee,active,1,2\r\n',
      400,
      /^file: row 3 has 4 cells where the header has 3$/,
    ],
    ['a quote never closed', 'name,status\r\nTee,"active\r\n', 400, /^file: row 2: a quoted cell is never closed$/],
    ['an unknown column', 'name,prce\r\nTee,1\r\n', 400, /^file: unknown column "prce" in the header/],
    [
      'a header naming no product',
      'price,mrp\r\n1,2\r\n',
      400,
      /^file: the header \(row 1\) needs a sku, product_id or name column/,
    ],
    ['no rows', 'sku,price\r\n', 400, /^file: there are no rows below the header$/],
    ['100,001 rows', 'sku,price\r\n' + 'A-1,1\r\n'.repeat(100_001), 400, /^file: more than 100,000 rows/],
    ['25 MB', Buffer.alloc(25 * 1024 * 1024, 'a'), 413, /^file: a CSV may be at most 20 MB$/],
  ])('refuses %s with a message, writing nothing', async (_what, content, status, message) => {
    const before = [await allProducts(), await importRows()];
    const response = await importFile(content);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect([await allProducts(), await importRows()]).toEqual(before);
  });

  it('is for those who edit the catalogue: support may not import', async () => {
    const support = await staffMember(t, 'support');
    expect((await importFile(csvOf([{ name: 'Tee' }]), { token: support.token })).statusCode).toBe(403);
    expect((await importFile(csvOf([{ name: 'Tee' }]), { token: t.customerToken })).statusCode).toBe(403);
    const manager = await staffMember(t, 'manager');
    expect((await importFile(await exportCatalogue(), { token: manager.token })).statusCode).toBe(200);
  });
});

describe('commit and undo', () => {
  const post = (url: string, token = t.adminToken) => t.call('POST', url, { token });
  /** The catalogue as its API answers it, less the versions every write moves. */
  const snapshot = async () => (await allProducts()).map(({ updatedAt: _updatedAt, ...product }) => product);

  it('applies the good rows with skipErrors, then puts the store back as it was', async () => {
    const before = await snapshot();
    const file = await mixedFile();
    const { importId } = await dryRun(file);

    const strict = await post(`/api/product/import/${importId}/commit`);
    expect(strict.statusCode).toBe(400);
    expect(strict.json().message).toMatch(/^skipErrors: the file has 2 rows with errors/);

    const committed = await post(`/api/product/import/${importId}/commit?skipErrors=true`);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ success: true, creates: 3, updates: 3 });
    expect(committed.json().errors).toHaveLength(2);
    expect((await post(`/api/product/import/${importId}/commit?skipErrors=true`)).statusCode).toBe(409);
    // The bell of whoever receives imports tells of it (beside the low stock its new counts may open).
    const bell = await t.call('GET', '/api/notifications', { token: t.adminToken });
    expect(bell.json().notifications.find((item: { kind: string }) => item.kind === 'imports')).toMatchObject({
      kind: 'imports',
      title: expect.stringMatching(/^Import of .+\.csv applied: 6 changes$/),
      link: '/catalog/products',
    });

    // The 6 good changes, and nothing of the bad rows.
    const [header, ...rows] = records(file);
    const cell = (row: number, column: string) => rows[row - 2]![header!.indexOf(column)]!;
    const after = await allProducts();
    const sizes = new Map(after.flatMap((p) => p.variants.flatMap((v) => v.sizes.map((s) => [s.sku!, { p, v, s }]))));
    for (const row of [2, 3, 4]) expect(sizes.get(cell(row, 'sku'))!.s.price.toFixed(2)).toBe(cell(row, 'price'));
    const b = after.find((p) => p._id === cell(5, 'product_id'))!;
    const teal = b.variants.find((v) => v.color === 'Import Teal')!;
    expect(teal.sizes.map((s) => [s.size, s.sku, s.countInStock])).toEqual([
      ['S', `${skuCode(b.name)}-IMPORT-TEAL-S`, 4],
      ['M', `${skuCode(b.name)}-IMPORT-TEAL-M`, 6],
    ]);
    expect(b.status).toBe(before.find((p) => p._id === b._id)!.status);
    expect(sizes.get(cell(7, 'sku'))!.s.price).toBe(
      before.flatMap((p) => p.variants.flatMap((v) => v.sizes)).find((s) => s.sku === cell(7, 'sku'))!.price,
    );
    const created = after.find((p) => p.name === 'Import test tee')!;
    expect(created).toMatchObject({ status: 'active', categories: ['T-Shirts', 'Oversized'], totalStock: 10 });
    expect(after).toHaveLength(before.length + 1);

    // Units came through the ledger as import movements; each product has its audit entry.
    const movements = (await get('/api/stock/movements?reason=import')).json<{ movements: StockMovement[] }>()
      .movements;
    expect(movements.map((m) => [m.sku, m.delta]).sort()).toEqual(
      [...teal.sizes.map((s) => [s.sku, s.countInStock]), ['IMPORT-TEST-TEE-SAND-M', 10]].sort(),
    );
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
    const events = (await get('/api/audit?resource=products&_start=0&_end=10')).json<{ events: AuditEvent[] }>().events;
    const own = events.filter((e) => e.note === 'Import of catalogue.csv');
    expect(own.map((e) => [e.action, e.recordId]).sort()).toEqual(
      [
        ['update', cell(2, 'sku') && sizes.get(cell(2, 'sku'))!.p._id],
        ['update', b._id],
        ['create', created._id],
      ]
        .filter((entry, i, all) => all.findIndex((other) => other[1] === entry[1]) === i)
        .sort(),
    );

    const imports = (await get('/api/product/imports?_start=0&_end=5')).json<{
      imports: ProductImport[];
      total: number;
    }>();
    expect(imports.imports[0]).toMatchObject({
      _id: importId,
      fileName: 'catalogue.csv',
      status: 'committed',
      creates: 3,
      updates: 3,
      errors: 2,
    });

    const undone = await post(`/api/product/import/${importId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
    expect((await post(`/api/product/import/${importId}/undo`)).statusCode).toBe(409);
    expect(
      (await get(`/api/product/imports?status=undone`)).json<{ imports: ProductImport[] }>().imports[0],
    ).toMatchObject({
      _id: importId,
      status: 'undone',
    });
  });

  it('refuses to commit what changed since the dry run, and to undo what changed since the commit', async () => {
    const products = await allProducts();
    const target = products.find((p) => p.variants.length > 0)!;
    const size = target.variants[0]!.sizes[0]!;
    const file = csvOf([{ sku: size.sku!, price: (size.price + 7).toFixed(2) }], ['sku', 'price']);

    const stale = await dryRun(file);
    const edit = (name: string) =>
      t.call('PUT', `/api/product/update-product/${target._id}`, {
        token: t.adminToken,
        body: { ...target, name, updatedAt: undefined },
      });
    expect((await edit(`${target.name} (edited)`)).statusCode).toBe(200);
    const refused = await post(`/api/product/import/${stale.importId}/commit`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `Changed since the dry run: ${target.name}`,
      records: [target.name],
    });

    const { importId } = await dryRun(file);
    expect((await post(`/api/product/import/${importId}/commit`)).statusCode).toBe(200);
    expect((await edit(target.name)).statusCode).toBe(200);
    const undo = await post(`/api/product/import/${importId}/undo`);
    expect(undo.statusCode).toBe(409);
    // The edit sent the form as it was before the import: its name back, and the price the import changed.
    expect(undo.json()).toEqual({
      message: `Changed since the import: ${target.name} (edited), ${size.sku}`,
      records: [`${target.name} (edited)`, size.sku],
    });
  });

  it('lets only those who edit the catalogue commit or undo', async () => {
    const support = await staffMember(t, 'support');
    const { importId } = await dryRun(await exportCatalogue());
    expect((await post(`/api/product/import/${importId}/commit`, support.token)).statusCode).toBe(403);
    expect((await post(`/api/product/import/${importId}/undo`, support.token)).statusCode).toBe(403);
    expect((await get('/api/product/imports', support.token)).statusCode).toBe(200);
    expect((await post(`/api/product/import/ffffffffffffffffffffffff/commit`)).statusCode).toBe(404);
    expect((await post(`/api/product/import/nope/commit`)).statusCode).toBe(400);
    expect((await post(`/api/product/import/${importId}/commit?skipErrors=maybe`)).statusCode).toBe(400);
  });
});
