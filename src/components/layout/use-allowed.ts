import { useCanWithoutCache } from '@refinedev/core';
import { useCallback, useEffect, useState } from 'react';

/** What an entry of a menu leads to, as Refine's access control is asked about it. */
export interface AccessCheck {
  resource: string;
  action: string;
}

/** Which of a menu's `items` the signed-in role may use; `items` must keep its identity across renders. */
export function useAllowed<T extends { access?: AccessCheck }>(items: readonly T[]): (item: T) => boolean {
  const { can } = useCanWithoutCache();
  const [allowed, setAllowed] = useState<ReadonlySet<T>>(() => new Set());
  useEffect(() => {
    let current = true;
    void Promise.all(items.map(async (item) => !item.access || !can || (await can(item.access)).can)).then(
      (answers) => {
        if (current) setAllowed(new Set(items.filter((_item, index) => answers[index])));
      },
    );
    return () => {
      current = false;
    };
  }, [can, items]);
  return useCallback((item: T) => !item.access || allowed.has(item), [allowed]);
}
