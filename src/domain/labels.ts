/** A list's labels read from its values ('too_small' reads 'Too small'); `own` names those that read otherwise. */
export const labelsOf = <V extends string>(values: readonly V[], own: Partial<Record<V, string>> = {}) =>
  Object.fromEntries(
    values.map((value) => [value, own[value] ?? value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ')]),
  ) as Record<V, string>;
