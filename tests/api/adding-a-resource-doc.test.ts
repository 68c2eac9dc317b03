import { readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DOC = 'docs/adding-a-resource.md';

/** Where each file of the repository's worked example stands in the doc (its place in a real resource). */
const PLACES: Record<string, string> = {
  'tests/fixtures/suppliers/supplier.ts': 'src/domain/supplier.ts',
  'tests/fixtures/suppliers/table.ts': 'src/server/db/schema.ts',
  'tests/fixtures/suppliers/suppliers.tsx': 'src/resources/suppliers.tsx',
  'tests/api/suppliers-example.test.ts': 'tests/api/suppliers.test.ts',
  // The example's test starts the store's app with the example served beside it; in a resource of the
  // store the table is in the schema, and the test starts the app from the helpers.
  'tests/fixtures/suppliers/app.ts': 'tests/api/helpers.ts',
};

/** A fixture as the doc shows it: each relative import read from the file's place in a resource. */
function asPlaced(fixture: string): string {
  const place = PLACES[fixture]!;
  return readFileSync(join(ROOT, fixture), 'utf8').replace(
    /(from |import\()'(\.[^']*)'/g,
    (_whole, before: string, specifier: string) => {
      const target = posix.normalize(posix.join(posix.dirname(fixture), specifier));
      const placed =
        Object.entries(PLACES)
          .find(([file]) => file.replace(/\.tsx?$/, '') === target)?.[1]
          ?.replace(/\.tsx?$/, '') ?? target;
      const path = relative(dirname(place), placed).split('\\').join('/');
      return `${before}'${path.startsWith('.') ? path : `./${path}`}'`;
    },
  );
}

/** The doc's example blocks: `<!-- example: <fixture> -> <place> -->` then a fenced block. */
function examples(): { fixture: string; place: string; code: string }[] {
  const doc = readFileSync(join(ROOT, DOC), 'utf8');
  return [...doc.matchAll(/<!-- example: (\S+) -> (\S+) -->\n```tsx?\n([\s\S]*?)\n```/g)].map(
    ([, fixture, place, code]) => ({
      fixture: fixture!,
      place: place!,
      code: code!,
    }),
  );
}

describe(`the worked example of ${DOC}`, () => {
  const blocks = examples();

  it('shows every file of the example a developer writes, at its place in a resource', () => {
    expect(new Set(blocks.map(({ place }) => place))).toEqual(
      new Set([
        'src/domain/supplier.ts',
        'src/server/db/schema.ts',
        'src/resources/suppliers.tsx',
        'tests/api/suppliers.test.ts',
      ]),
    );
    for (const { fixture, place } of blocks) expect(PLACES[fixture], fixture).toBe(place);
  });

  it.each(blocks.map((block) => [`${block.place} (${block.fixture})`, block] as const))(
    'shows %s as the suite compiles and runs it',
    (_name, { fixture, code }) => {
      const placed = asPlaced(fixture);
      // A whole file is shown whole; the schema's part is shown as it sits among the other tables.
      if (fixture.endsWith('table.ts')) expect(placed).toContain(code);
      else expect(code).toBe(placed.trimEnd());
    },
  );
});
