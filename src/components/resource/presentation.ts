import { BULK_PATHS, fieldLabel, schemaFields, type ResourceContract } from '../../domain/contract';
import type { BadgeColour } from '../../domain';
import type { CountCard } from '../CountCards';
import type { TableColumn } from '../SimpleTable';
import type { RecordDialogProps } from './RecordDialog';
import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';

/** Any record of the store: its id under `_id` (the contract's) and `id` (Refine's). */
export interface StoreRecord {
  _id: string;
  updatedAt?: string;
}

/** How a value reads, in a grid cell and on a detail page ('time': a date with its time of day; 'chips': a list as chips). */
export type FieldKind = 'text' | 'strong' | 'money' | 'date' | 'time' | 'list' | 'chips' | 'image' | 'link' | 'badge';

export interface ColumnSpec {
  width?: number;
  flex?: number;
  minWidth?: number;
  /** Only fields the server sorts on (its contract's list) should be sortable. */
  sortable?: boolean;
  /** Money and counts read right-aligned. */
  align?: 'right' | 'center';
  /** A low-priority column starts hidden on a screen narrower than this breakpoint (a phone: 'sm'; a tablet too: 'md'). */
  hideBelow?: 'sm' | 'md';
}

export interface FieldOption {
  value: string;
  label: string;
}

/** The built-in form widgets; a resource may plug its own component instead (the blog's rich text). */
export type WidgetName =
  | 'text'
  | 'password'
  | 'multiline'
  | 'number'
  | 'money'
  | 'select'
  | 'list'
  | 'date'
  | 'switch'
  | 'image'
  | 'images'
  | 'url';

export interface WidgetProps {
  /** In a record call's form: the record the call is on (an order whose lines an edit changes). */
  record?: unknown;
  name: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string;
  /** The field's error as the form keeps it, with its parts' (a list's lines): a widget of parts marks each. */
  errorParts?: unknown;
  disabled: boolean;
  required: boolean;
  helper?: string;
  autoFocus: boolean;
  options?: readonly FieldOption[];
  unit?: string;
  /** `list`: the store's fixed values, offered as chips. */
  suggestions?: readonly string[];
  max?: number;
  /**
   * A widget holding work of its own (a variant half built, an image uploading) says so: the form then
   * refuses to save with the message, and waits while it is busy.
   */
  onHold: (hold: { message?: string; busy?: boolean }) => void;
}

export interface FormSpec {
  widget: WidgetName | ComponentType<WidgetProps>;
  /** The field's label in the form, where the grid's header is shorter. */
  label?: string;
  required?: boolean;
  helper?: string;
  /** The unit shown in the field, from the form's other values (₹ or % by discount type). */
  unit?: (values: Record<string, unknown>) => string;
  /** `images`: at most this many files are kept. */
  max?: number;
  suggestions?: readonly string[];
  /** Spans the whole width of a two-column form. */
  wide?: boolean;
  /** The field is in this form only (a staff member's email and first password are given once, when added). */
  only?: 'create' | 'edit';
  /** A select's choices in the form, where they differ from the field's (a filter offers every status, the form the ones to set). */
  options?: readonly FieldOption[];
  /** The field sits in a group under this heading, with the fields next to it in the form's order that name the same group ('SEO Settings'). */
  group?: string;
}

export interface FieldSpec<T> {
  label: string;
  /** How the value reads; 'text' unless said. */
  kind?: FieldKind;
  /** Text for the value, where the kind's own reading does not fit ('20%', a role's name). */
  format?: (value: never, record: T) => string;
  /** What it reads without a value (blank, an empty list): '—' unless said. */
  empty?: string;
  /** A quieter second line under the value's text (an order's place, its customer's email). */
  sub?: (record: T) => string;
  /** Full control of how it shows (a customer's avatar and name). */
  render?: (record: T) => ReactNode;
  /** `kind: 'image'`: the picture's text alternative. */
  alt?: (record: T) => string;
  /**
   * `kind: 'badge'`: the spec's colour and label per value; `value` reads it where the field does not hold it
   * (none: no badge), `beside` shows it after the field's text (a count, and 'Low' once it is low).
   */
  badge?: {
    colours: Record<string, BadgeColour>;
    labels?: Record<string, string>;
    value?: (record: T) => string | undefined;
    beside?: boolean;
  };
  column?: boolean | ColumnSpec;
  /**
   * 'search' joins the list's free-text search (`q`); 'select' and 'boolean' become a filter control;
   * 'date' a date picker (a filter-only field, as the audit log's `from` and `to`).
   */
  filter?: 'search' | 'select' | 'boolean' | 'date';
  /** A select's choices; a value reads as its choice's label. */
  options?: readonly FieldOption[];
  /** A select filter's choices from another resource's records: value the id, label this field of it. */
  optionsFrom?: { resource: string; label: string };
  /** The filter control's label and its no-filter option, where they differ from the field's ('Order status', 'All statuses'). */
  filterLabel?: string;
  allLabel?: string;
  form?: WidgetName | FormSpec;
  /** Shown on the generated detail page (every field is, where the presentation says `showAll`). */
  show?: boolean;
}

export interface ResourceTexts {
  title: string;
  subtitle?: string;
  /** The search box, when fields are searched: 'Search {title}' unless said. */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** The list's text when nothing is there (or nothing matches the search). */
  empty: string;
  /** The list's text when its filters match nothing; `empty` unless said. */
  noMatch?: string;
  add?: string;
  createTitle?: string;
  editTitle?: string;
  showTitle?: string;
  createSubmit?: string;
  editSubmit?: string;
  /** The submit button while a create (or an edit) runs. */
  creating?: string;
  updating?: string;
  /** While pictures upload, before the record is saved. */
  uploading?: string;
  created?: string;
  updated?: string;
  deleted?: string;
  createFailed?: string;
  updateFailed?: string;
  deleteFailed?: string;
  /** The list's load failure, when the server gives no message of its own. */
  loadFailed?: string;
  /** Put before the server's message when the list fails to load ('Error: '). */
  loadErrorPrefix?: string;
  /** The view action's words; 'View' unless said. */
  view?: string;
  /** The spec's question before a delete. */
  deleteQuestion?: string;
  /** Shown instead of the grid on its first load ('Loading banners...'). */
  loading?: string;
  /** A record's page: loading, missing and failing to load ('Loading banner...', 'Banner not found.'). */
  recordLoading?: string;
  notFound?: string;
  recordLoadFailed?: string;
  /** A record's page's words when it fails to load, where they differ from its edit form's; `recordLoadFailed` unless said. */
  pageLoadFailed?: string;
  /** A record page's way back to the list ('Back to blogs'); 'Back' unless said. */
  back?: string;
}

export type ResourceAction = 'create' | 'edit' | 'show' | 'delete';

/** A change to the grid's selected records in one call: `POST path { ids, ...body }`, answered as the domain's BulkResult. */
export interface BulkAction {
  /** The button: 'Delete', 'Activate'; with choices, 'Set status' opens a menu of them. */
  label: string;
  path: string;
  /** The action the role must be allowed on one record. */
  needs: 'edit' | 'delete';
  body?: Record<string, unknown>;
  choices?: { label: string; body: Record<string, unknown> }[];
}

/**
 * A call on one record offered as a button in its grid row: one of the contract's `calls` (or `remove`,
 * its delete route), its path's `:name` parameters filled from the record's fields (`:id` from its id).
 * The toast says the server's message (else `done`, or `failed`), and the lists it changed refresh. With
 * a `dialog`, the button opens it instead.
 */
export interface RecordCall<T> {
  call: string;
  /**
   * The button's tooltip, the call's name in words unless said ('receive': 'Receive'); its accessible name
   * adds the record's (`named` words it otherwise, else its dialog's title).
   */
  label?: string;
  named?: (name: string) => string;
  icon: ComponentType<{ fontSize?: 'small' }>;
  /**
   * What the role must be allowed on the resource to see the button: 'edit' unless said ('create': a call its
   * contract gives the create level, as a return's refund).
   */
  needs?: ResourceAction;
  /** The records it is for, where not every one (a draft order's Place order). */
  when?: (record: T) => boolean;
  done?: string;
  failed?: string;
  /** Asked first, with this text: the question is the button's accessible name ('Place order #1a2b3c?'), its answer the label. */
  confirm?: string;
  /** Asked first, where a question is not enough: a form whose values go with the call (CallFormDialog). */
  form?: CallForm<T>;
  /** No call: another resource's records about this one, read in a dialog (RelatedRecordsDialog). */
  related?: RelatedRecords<T>;
  /** Another resource whose lists the call changes (a restored record's own). */
  refreshes?: (record: T) => string;
}

/** The form a record call asks first: its fields as a resource's form declares them, and the body it sends. */
export interface CallForm<T> {
  /** The dialog's title for the named record: the call's label and the record's name unless said. */
  title?: (name: string) => string;
  /** What the record is now, above the fields. */
  intro?: (record: T) => string;
  fields: Record<string, FormSpec & { label: string }>;
  /** The call's body from the record and the values typed (blank fields left out). */
  body: (record: T, values: Record<string, unknown>) => Record<string, unknown>;
  /** Checks the body as the server will: a message under its field, or above the buttons. */
  schema: z.ZodType;
  /** The submit button: the call's label unless said. */
  submit?: string;
  /** A wider dialog, for a form of lines. */
  width?: 'sm' | 'md';
}

/** Another resource's records about one record (a SKU's movements), as a read-only table in a dialog. */
export interface RelatedRecords<T> {
  title: (name: string) => string;
  contract: ResourceContract<never>;
  /** Its list's filter value for this record: `{ sku: 'BEAGLE-TEE-M' }`. */
  filter: (record: T) => Record<string, string>;
  sort?: { field: string; order: 'asc' | 'desc' };
  columns: TableColumn<never>[];
  empty: string;
  /** How many of the newest are shown. */
  limit?: number;
}

/**
 * A row's actions behind one button ('Actions for order #1a2b3c'), in place of the row's View: the
 * record's details (`view`, their words), links to its pages, and a new `status` for a role that may edit.
 */
export interface RowMenu<T> {
  label: (name: string) => string;
  view: string;
  links?: { label: string; icon: typeof SvgIcon; to: (record: T) => string }[];
  /** The records it may be set on (a draft order is placed instead); `done` and `failed` unless the server says. */
  status?: {
    field: string;
    heading: string;
    options: readonly FieldOption[];
    when?: (record: T) => boolean;
    done: string;
    failed: string;
  };
}

/**
 * A CSV import checked before anything is written (ImportDialog): the imports' contract's calls `preview`
 * (the file), `commit` and `undo` (`:id` the dry run's), its list the past imports. The Import button shows
 * beside Export to the roles allowed the imports' `create`; the dialog's texts are made from the resource's.
 */
export interface ImportDeclaration {
  contract: ResourceContract<never>;
  /** What the records make up ('catalogue'): the file to start from is the resource's list as a CSV of the import's rows (`template`). */
  whole: string;
  template: Record<string, string>;
  /** What the file holds and how its rows match, above the file input. */
  intro: string;
  maxBytes: number;
  maxRows: number;
  /** A change's fields naming its row after its number ('sku', 'product'), and those a row adds when it sets them from nothing. */
  names: readonly string[];
  adds: readonly string[];
}

/** A sheet's column: a field of its rows, read, or edited in place as a number ('number', 'money'). */
export interface SheetColumn<R> extends Pick<ColumnSpec, 'width' | 'flex' | 'minWidth'> {
  field: string;
  label: string;
  edit?: 'number' | 'money';
  /** The value, where it is not the row's field (a SKU's product's name), and its text ('Active'). */
  value?(row: R): unknown;
  format?(value: never): string;
}

/**
 * Another list's rows (the products' SKUs) edited like a spreadsheet (SheetDialog): typed, pasted as a
 * block, filled down, each change marked until one call saves them all. Its button shows to the roles
 * allowed to edit the resource.
 */
export interface SheetDeclaration<R> {
  /** The button and the dialog's title ('Edit prices & stock'), and the grid's accessible name. */
  title: string;
  label: string;
  /** One row ('SKU'): the counts' word, and the search's ('Search SKUs'). */
  noun: string;
  /** The rows' list, searched (`q`) and sorted by `key`, the field naming a row in the save and its answer. */
  source: ResourceContract<never>;
  key: string;
  searchPlaceholder: string;
  empty: string;
  columns: SheetColumn<R>[];
  /** POST `{ changes: [{ [key], updatedAt, ...values changed }] }`, checked with `schema` first; answered with each row's result. */
  save: { url: string; schema: z.ZodType };
}

/** What a list's on-demand dialog (the import, the sheet) is given. */
export interface ListDialogProps {
  presentation: ResourcePresentation<never>;
  open: boolean;
  onClose: () => void;
}

/** How a resource shows in the console: what its contract (domain) cannot tell. The scaffold generates its list, form and detail screens from it. */
export interface PresentationInput<T extends StoreRecord = StoreRecord> {
  /** One record in the admin's words ('team member'): the contract's noun in lower case unless said. Texts are made from it. */
  noun?: string;
  /** The form's schema, where the form holds more than the body it sends (the product form's variants half built). */
  schema?: z.ZodType;
  /**
   * In display order: the grid's columns, the form's fields and the detail page's rows. Unless given,
   * every field of the contract's create schema, as its type, list fields and search make it (fieldsOf).
   */
  fields?: Record<string, FieldSpec<T>>;
  /** Texts of its own over the console's English (app/english.ts), which makes the rest from the noun. */
  texts?: Partial<ResourceTexts>;
  /**
   * Whose words an outcome says, where the resource's differ from the usual: a failed load or delete says the
   * server's message (the text when it sends none), a success says the text, a failed save shows in the form.
   * 'text': the text alone; 'server': the server's message, the text when it sends none; 'toast': a toast
   * with the server's message (else the text) instead.
   */
  outcomes?: {
    loadFailed?: 'text';
    created?: 'server';
    deleted?: 'server';
    deleteFailed?: 'text';
    createFailed?: 'toast';
  };
  /** What an admin can do beyond reading; every action unless said. */
  actions?: ResourceAction[];
  /** Further calls on a record, as buttons in its row (Unlock, Restore). */
  recordCalls?: RecordCall<T>[];
  /** A name for one record in buttons' accessible names ('Delete summer-sale'): its name or title unless said. */
  recordLabel?: (record: T) => string;
  heading?: (record: T) => string;
  pageSize?: number;
  /** Rows grow with their content (lists in cells). */
  autoRowHeight?: boolean;
  rowHeight?: number;
  /** A second way to save a new record, beside the form's own button: its label and what it adds to the values ('Save as draft'). */
  alsoSave?: { label: string; values: Record<string, unknown> };
  /** A page form, after a save: back to the list (at once, or after this long for the toast to be read), or 'stay' for the next new record. */
  afterSave?: { create?: 'stay'; delayMs?: number };
  /** The grid starts with a '#' column counting rows across pages. */
  rowNumbers?: boolean;
  /** The view action opens the record's page in a new tab (a blog as shoppers will read it). */
  viewInNewTab?: boolean;
  /** A new record's values where the widget's own blank is not right (a coupon starts active). */
  defaults?: Record<string, unknown>;
  /** The form's order where it differs from the grid's ('image' after the texts). */
  formOrder?: string[];
  /** The contract's update takes the whole record: the fields loaded with the form go back with the edit. */
  updateWholeRecord?: boolean;
  dialogWidth?: 'sm' | 'md';
  /** A dialog form lays its fields out in two columns from the small breakpoint. */
  twoColumnForm?: boolean;
  /** The list's fixed order, e.g. oldest first so a new banner shows last. */
  initialSort?: { field: string; order: 'asc' | 'desc' };
  rowMenu?: RowMenu<T>;
  /**
   * Every field shows on the detail page but these, where most do (a return's): a filter-only field (no
   * column) never does, as a record does not hold it.
   */
  showAll?: { except?: readonly string[] };
  /** The record's page is its own article (a blog as shoppers will read it): no title above it, the article in place of the fields. */
  article?: (record: T) => ReactNode;
  /**
   * View opens the record in this dialog (RecordDialog, fetched as it opens) rather than its page or its `show`
   * fields. A failed load says the texts' `notFound` for a missing record, else the server's message after the
   * texts' `loadErrorPrefix` where one is given, else the server's message or the texts' `recordLoadFailed`.
   */
  details?: Pick<RecordDialogProps<T>, 'title' | 'loadingLabel' | 'closeIcon' | 'children'> &
    Partial<Pick<RecordDialogProps<T>, 'failure'>>;
  /** Count cards above the filters: the list answer's `counts`, else `fallback` over the whole list (the catalogue's). */
  counts?: { cards: CountCard<string>[]; fallback: (records: T[]) => object };
  /** A CSV import beside Export, and a spreadsheet of rows to edit in bulk (the catalogue's SKUs). */
  fileImport?: ImportDeclaration;
  sheet?: SheetDeclaration<never>;
}

/** A presentation with its contract's parts and the conventions filled in: what the scaffold reads. */
export interface ResourcePresentation<T extends StoreRecord = StoreRecord> extends Omit<
  PresentationInput<T>,
  'noun' | 'actions' | 'texts' | 'schema' | 'fields'
> {
  fields: Record<string, FieldSpec<T>>;
  contract: ResourceContract<never>;
  name: string;
  noun: string;
  plural: string;
  actions: ResourceAction[];
  texts: Partial<ResourceTexts>;
  /** The contract's write schemas, which the form validates with as the server does. */
  schema?: { create: z.ZodType; edit: z.ZodType };
  /** Checkbox selection on the grid, and these changes to the selected records (the contract's bulk calls). */
  bulk: BulkAction[];
}

/** The contract's bulk calls as the grid's buttons: one per choice, or one menu of them under its label, then Delete. */
function bulkActions(contract: ResourceContract<never>): BulkAction[] {
  const status = contract.bulk?.status;
  const path = contract.url(BULK_PATHS.status);
  const changes: BulkAction[] = !status
    ? []
    : status.label && status.choices.length > 1
      ? [{ label: status.label, path, needs: 'edit', choices: [...status.choices] }]
      : status.choices.map(({ label, body }) => ({ label, path, needs: 'edit', body }));
  return [
    ...changes,
    ...(contract.bulk?.remove
      ? [{ label: 'Delete', path: contract.url(BULK_PATHS.remove), needs: 'delete' as const }]
      : []),
  ];
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * The fields a contract gives by itself: each field of its create schema in order, labelled from its
 * name, shown and edited as its type says (text, number, yes/no, one of its values, a list), sortable,
 * filtered and searched as the contract's list says, required unless it may be left out.
 */
export function fieldsOf<T extends StoreRecord>(contract: ResourceContract<never>): Record<string, FieldSpec<T>> {
  const shape = schemaFields(contract);
  const list = contract.list || { sort: [], filter: [], search: [] };
  return Object.fromEntries(
    Object.entries(shape).map(([field, schema]): [string, FieldSpec<T>] => {
      let inner = schema as z.ZodType & {
        _zod: { def: { type: string; innerType?: z.ZodType; entries?: Record<string, string> } };
      };
      let required = true;
      while (['default', 'optional', 'nullable'].includes(inner._zod.def.type)) {
        required = false;
        inner = inner._zod.def.innerType as typeof inner;
      }
      const type = inner._zod.def.type;
      const options =
        type === 'enum'
          ? choices(Object.values(inner._zod.def.entries ?? {}))
          : type === 'boolean'
            ? YES_NO
            : undefined;
      const widget: WidgetName =
        type === 'enum'
          ? 'select'
          : type === 'boolean'
            ? 'switch'
            : type === 'number'
              ? 'number'
              : type === 'array'
                ? 'list'
                : 'text';
      const filter = list.search?.includes(field)
        ? 'search'
        : list.filter.includes(field)
          ? type === 'boolean'
            ? 'boolean'
            : 'select'
          : undefined;
      return [
        field,
        {
          label: fieldLabel(field),
          ...(type === 'boolean' && { format: (value: boolean) => (value ? 'Yes' : 'No') }),
          ...(type === 'array' && { kind: 'list' as const }),
          column: { flex: 1, minWidth: 120, sortable: list.sort.includes(field) },
          ...(filter && { filter }),
          ...(options && { options }),
          form: { widget, required: required && type !== 'boolean' },
        },
      ];
    }),
  );
}

/** The fields with `show` set on each that `showAll` takes in (a field with a filter and no column is the filter's only). */
function showAll<T>(
  fields: Record<string, FieldSpec<T>>,
  all: PresentationInput['showAll'],
): Record<string, FieldSpec<T>> {
  if (!all) return fields;
  const shown = (name: string, field: FieldSpec<T>) => !all.except?.includes(name) && !(field.filter && !field.column);
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, shown(name, field) ? { ...field, show: true } : field]),
  );
}

const nameOf = (record: object) =>
  (record as { name?: unknown; title?: unknown }).name ?? (record as { title?: unknown }).title;

/** A resource's presentation over its contract: what its console screens show and how. */
export function presentResource<T extends StoreRecord>(
  contract: ResourceContract<never>,
  input: PresentationInput<T>,
): ResourcePresentation<T> {
  const noun = input.noun ?? contract.noun.toLowerCase();
  const schema = input.schema ? { create: input.schema, update: input.schema } : contract.schema;
  return {
    actions: ['create', 'show', 'edit', 'delete'],
    ...input,
    contract,
    name: contract.name,
    noun,
    plural: input.noun ? `${noun}s` : contract.plural,
    texts: input.texts ?? {},
    fields: showAll(input.fields ?? fieldsOf<T>(contract), input.showAll),
    // A record is named by its name or title, if it has one, unless said.
    recordLabel: input.recordLabel ?? ((record: T) => String(nameOf(record) ?? record._id.slice(-6))),
    schema: schema && { create: schema.create, edit: schema.update },
    bulk: bulkActions(contract),
  };
}

/** A field of the form only (the grid and the details show none of it), under a group's heading where given. */
export function formOnly<T>(label: string, form: WidgetName | FormSpec, group?: string): FieldSpec<T> {
  return { label, form: group ? { ...(typeof form === 'string' ? { widget: form } : form), group } : form };
}

/** The list's From and To date pickers: filter-only fields, as a record holds neither. */
export const FROM_TO = {
  from: { label: 'From', filter: 'date' },
  to: { label: 'To', filter: 'date' },
} as const;

/** A text the list searches and sorts by and the form requires (a code, a name); `column` and `form` add to it. */
export function searchedText<T>(
  label: string,
  column: ColumnSpec,
  form: Partial<FormSpec> = {},
  kind?: FieldKind,
): FieldSpec<T> {
  const shown = { flex: 1, sortable: true, ...column };
  return { label, kind, column: shown, filter: 'search', form: { widget: 'text', required: true, ...form } };
}

/**
 * A select's choices over fixed values, each labelled from `labels` (a table or a function), else by itself;
 * or, given a labelled table alone (the domain's `*_LABELS`), each of its values.
 */
export function choices<V extends string>(
  values: readonly V[] | Readonly<Record<V, string>>,
  labels?: Readonly<Record<V, string>> | ((value: V) => string),
): FieldOption[] {
  if (!Array.isArray(values)) return choices(Object.keys(values) as V[], values as Record<V, string>);
  return (values as readonly V[]).map((value) => ({
    value,
    label: typeof labels === 'function' ? labels(value) : (labels?.[value] ?? value),
  }));
}

/**
 * A select filter over choices, values that are their own words, or a labelled table's values, with its
 * no-filter option ('All reasons'; 'All' unless said).
 */
export function selectFilter(
  values: readonly (FieldOption | string)[] | Readonly<Record<string, string>>,
  allLabel?: string,
): Pick<FieldSpec<never>, 'filter' | 'options' | 'allLabel'> {
  const options = Array.isArray(values)
    ? values.map((value: FieldOption | string) => (typeof value === 'string' ? { value, label: value } : value))
    : choices(values as Record<string, string>);
  return { filter: 'select', options, allLabel };
}

/** A status: its coloured badge, a select filter and a select widget over the values its labels name. */
export function statusField<T, S extends string>(
  label: string,
  badge: { colours: Record<S, BadgeColour>; labels: Record<S, string>; value?: (record: T) => S | undefined },
  extra: Partial<FieldSpec<T>> = {},
): FieldSpec<T> {
  return { label, kind: 'badge', badge, filter: 'select', options: choices(badge.labels), ...extra };
}

/** How buttons and confirmations name a record: its declared label, else the end of its id. */
export function recordName<T extends StoreRecord>(recordLabel: ((record: T) => string) | undefined, record: T): string {
  return recordLabel?.(record) ?? record._id.slice(-6);
}
