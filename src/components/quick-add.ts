import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Quick Add opens a list page with `?action=create`; the page opens its add dialog when it sees it
 * and removes the parameter when the dialog closes, so Back and reload do not reopen it.
 */
const PARAM = 'action';
const CREATE = 'create';

export function createActionHref(listPath: string): string {
  return `${listPath}?${PARAM}=${CREATE}`;
}

/** For a list page: whether Quick Add asked for its add dialog, and how to settle the request. */
export function useCreateActionRequest(): { requested: boolean; settle: () => void } {
  const [params, setParams] = useSearchParams();
  const settle = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { requested: params.get(PARAM) === CREATE, settle };
}
