import { labelsOf } from './labels';

/**
 * A CSV import checked before it is applied (a dry run), applied, and undone: the answers any resource's
 * import gives, whatever its file's columns (`C`). The catalogue's is the first (product-import.ts).
 */

/** A row the import cannot apply: its spreadsheet row (the header is row 1), the column and why. */
export interface FileImportError<C extends string = string> {
  row: number;
  column: C | null;
  message: string;
}

/** One value a row changes: `before` null for what it creates. A resource's import adds what names the row. */
export interface FileImportChange<C extends string = string> {
  row: number;
  field: C;
  before: unknown;
  after: unknown;
}

/** A dry run: what the file would do, counted by row (a row that changes nothing is `unchanged`). */
export interface FileImportPreview<Change extends FileImportChange = FileImportChange> {
  importId: string;
  creates: number;
  updates: number;
  unchanged: number;
  errors: FileImportError<Change['field']>[];
  changes: Change[];
  changesTotal: number;
}

/** What a commit answers: the rows it wrote, and the file's errors it skipped. */
export interface FileImportApplied {
  message?: string;
  creates: number;
  updates: number;
  errors: FileImportError[];
}

/** previewed: a dry run not yet applied; committed: applied; undone: applied, then put back. */
export const IMPORT_STATUSES = ['previewed', 'committed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS = labelsOf(IMPORT_STATUSES);

/** One import as its resource's list of past imports gives it. */
export interface FileImport {
  _id: string;
  fileName: string;
  by: { _id: string | null; fullname: string };
  createdAt: string;
  status: ImportStatus;
  creates: number;
  updates: number;
  unchanged: number;
  errors: number;
  committedAt: string | null;
  undoneAt: string | null;
}
