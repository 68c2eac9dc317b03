import type { z } from 'zod';
import type { Access } from './roles';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The kinds of call a contract gives an access level to. */
export type AccessKind = 'read' | 'create' | 'update' | 'delete';

/** The standard calls of a resource. */
export type ContractVerb = 'list' | 'get' | 'create' | 'update' | 'remove';

/** One irregular call: where it is under the resource's base, and where its answer holds the result. */
export interface CallSpec {
  /** Under the base; ':id' marks the record's id. */
  path: string;
  /** The answer's key holding the record or the list; none: the answer itself. */
  key?: string;
  /** Other keys of the answer handed on beside the result (a list's counts, a write's message). */
  extras?: readonly string[];
}

/** A call as both programs use it: its method, its path under the base and its full URL. */
export interface ApiRoute extends CallSpec {
  method: HttpVerb;
  /** `/api/...`, with ':id' where the record's id goes. */
  url: string;
}

/** What a list sorts, filters and searches by; the server and the console's browser fallback read the same. */
export interface ListContract {
  readonly sort: readonly string[];
  readonly filter: readonly string[];
  /** The fields `q` searches (the server matches them case-blind, anywhere in the text). */
  readonly search?: readonly string[];
  /** The order without `_sort`, by one of the sort fields. */
  readonly defaultSort?: { readonly field: string; readonly order: 'asc' | 'desc' };
  /** Where a filter's value is in a record when it is not the field itself ('paymentResult.status'). */
  readonly filterPaths?: Readonly<Record<string, string>>;
}

/** A CSV column of the export: a field under the header the grid gives it, or a value of its own. */
export interface ExportColumn<R> {
  header: string;
  field?: keyof R & string;
  /** How a spreadsheet should read it (services/csv-export.ts): text unless said. */
  kind?: 'text' | 'number' | 'money' | 'date';
  value?: (record: R) => unknown;
}

/** A bulk change of the selected records: its button, and the choices it sets (one choice: a button of its own). */
export interface BulkStatusContract {
  /** The body a bulk-status call takes: `{ ids, ...choice }`. */
  schema: z.ZodType<{ ids: string[] }>;
  choices: readonly { label: string; body: Record<string, unknown> }[];
  /** With several choices, the menu's button ('Set status'). */
  label?: string;
}

export interface ContractInput<R, L extends ListContract | false> {
  /** The resource's name in Refine and in the console's routes ('coupons'). */
  name: string;
  /** One record ('Coupon'): the server's messages and the console's texts are made from it. */
  noun: string;
  /** Default: the noun in lower case with an s. */
  plural?: string;
  /** The path under which its calls are: `/api/<name>` unless an irregular contract (`api`) says otherwise. */
  base?: string;
  /**
   * An irregular API: each standard call's path under the base, the calls it has only. Without it, the
   * resource is regular REST as Refine's simple-rest speaks it (records carry `id`, PATCH and PUT, `?id=a&id=b`).
   */
  api?: { [V in ContractVerb]?: string };
  /** Where an irregular API's answers hold the list and the record (none: the answer is the list or the record). */
  keys?: { list?: string; record?: string };
  /** Other keys of an answer handed on beside the result, by call (a list's counts, a write's message). */
  extras?: { [V in ContractVerb]?: readonly string[] };
  /** Further calls under the base (an order's notes): name → method and path. */
  calls?: Record<string, { method: HttpVerb; path: string }>;
  /** The write bodies (a 400 names the field): one for both, or a create and an update that differ. */
  schema?: z.ZodType | { create: z.ZodType; update: z.ZodType };
  /** false: a list that takes no parameters (a dashboard series) and is never paged. */
  list: L;
  /** What each kind of call needs (domain/roles.ts): read for reads, write for creates and updates, delete for deletes, unless said. */
  access?: Partial<Record<AccessKind, Access>>;
  /** `POST <base>/bulk-status` and `POST <base>/bulk-delete`. */
  bulk?: { status?: BulkStatusContract; remove?: boolean };
  /**
   * The list answers `?format=csv` (`<file>-<date>.csv`, the name unless `file` says) and the console
   * shows Export: with these columns over the records (the server's factory reads them; an irregular
   * area's own route brings its own). Without columns, the factory exports each field of the create
   * body under its label (fieldLabel).
   */
  export?: { file?: string; columns?: readonly ExportColumn<R>[] };
  /**
   * false: a record's History offers no Restore of an earlier version, and a delete is final (no trash):
   * the staff, whose role changes in Team only.
   */
  restore?: boolean;
  /** Create bodies written when a first start fills the demo store. */
  demo?: readonly Record<string, unknown>[];
}

export interface ResourceContract<
  R = Record<string, unknown>,
  L extends ListContract | false = ListContract | false,
> extends Omit<ContractInput<R, L>, 'api' | 'keys' | 'extras' | 'schema' | 'base' | 'plural' | 'access'> {
  readonly plural: string;
  readonly base: string;
  /** Regular REST: no `api` was given. */
  readonly regular: boolean;
  /** Every standard call the resource has (a regular one has them all). */
  readonly routes: Readonly<Partial<Record<ContractVerb, ApiRoute>>>;
  readonly schema?: { create: z.ZodType; update: z.ZodType };
  readonly access: Readonly<Record<AccessKind, Access>>;
  /** The URL of a call under the base, with the record's id in place of ':id'. */
  url(path: string, id?: string): string;
}

/** A contract's list fields (never false where a list has parameters). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any record type
export type ListOf<C> = C extends ResourceContract<any, infer L> ? Exclude<L, false> : never;

/** A field's name as its label, where none is given: 'leadTimeDays' reads 'Lead time days'. */
export const fieldLabel = (field: string) =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (first) => first.toUpperCase());

/** The fields of a contract's create body, in order (none where its schema is not an object). */
export const schemaFields = (contract: Pick<ResourceContract<never>, 'schema'>): Record<string, z.ZodType> =>
  (contract.schema?.create as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};

/** The bulk calls under a resource's base. */
export const BULK_PATHS = { status: '/bulk-status', remove: '/bulk-delete' } as const;

/** A bulk status change over one of a status's values each, labelled as the domain labels them. */
export function statusChoices<S extends string>(
  schema: BulkStatusContract['schema'],
  values: readonly S[],
  labels: Readonly<Record<S, string>>,
): BulkStatusContract {
  return {
    schema,
    label: 'Set status',
    choices: values.map((status) => ({ label: labels[status], body: { status } })),
  };
}

const REGULAR: Record<ContractVerb, { method: HttpVerb; path: string }> = {
  list: { method: 'GET', path: '' },
  get: { method: 'GET', path: '/:id' },
  create: { method: 'POST', path: '' },
  update: { method: 'PUT', path: '/:id' },
  remove: { method: 'DELETE', path: '/:id' },
};

/**
 * A resource's one declaration, read by the server (its routes, validation, access, export and bulk
 * routes) and by the console (its data provider's calls, its screens' texts, buttons and checks).
 * Curried so the record type is given and the list's fields are inferred: `defineContract<Coupon>()({...})`.
 */
export function defineContract<R = Record<string, unknown>>() {
  return <const L extends ListContract | false>(input: ContractInput<R, L>): ResourceContract<R, L> => {
    const regular = input.api === undefined;
    // Refine's simple-rest calls a resource at /api/<name>: a regular contract is there.
    if (regular && input.base !== undefined)
      throw new Error(
        `${input.name}: a regular REST contract is at /api/${input.name}; give \`api\` for a path of its own`,
      );
    const base = input.base ?? `/api/${input.name}`;
    const routes: Partial<Record<ContractVerb, ApiRoute>> = {};
    for (const verb of Object.keys(REGULAR) as ContractVerb[]) {
      const path = regular ? REGULAR[verb].path : input.api?.[verb];
      if (path === undefined) continue;
      const key = verb === 'list' ? input.keys?.list : input.keys?.record;
      routes[verb] = { path, key, extras: input.extras?.[verb], method: REGULAR[verb].method, url: `${base}${path}` };
    }
    const schema =
      input.schema && ('safeParse' in input.schema ? { create: input.schema, update: input.schema } : input.schema);
    const { api: _api, keys: _keys, extras: _extras, ...rest } = input;
    return {
      ...rest,
      plural: input.plural ?? `${input.noun.toLowerCase()}s`,
      base,
      regular,
      routes,
      schema: schema as ResourceContract['schema'],
      access: { read: 'read', create: 'write', update: 'write', delete: 'delete', ...input.access },
      url: (path, id) => `${base}${id === undefined ? path : path.replace(':id', encodeURIComponent(id))}`,
    };
  };
}
