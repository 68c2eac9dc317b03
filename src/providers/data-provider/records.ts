/** The store's ids sit under `_id`; Refine and the DataGrid look for `id`. */
export function withId<T>(record: T): T {
  if (record !== null && typeof record === 'object' && '_id' in record && !('id' in record)) {
    return { ...record, id: record._id };
  }
  return record;
}

/** The `id` is ours (see withId): never send it back to the server. */
export function withoutId(variables: unknown): unknown {
  if (
    variables === null ||
    typeof variables !== 'object' ||
    Array.isArray(variables) ||
    variables instanceof FormData
  ) {
    return variables;
  }
  const { id: _ours, ...rest } = variables as Record<string, unknown>;
  return rest;
}
