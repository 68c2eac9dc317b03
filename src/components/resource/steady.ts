import { useLayoutEffect, useRef } from 'react';

/**
 * `fn` as one function for the component's whole life, calling whichever `fn` the latest render gave: for
 * a prop that must not change while what it does stays the same (a handler, a column's link builder).
 */
export function useSteadyCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useRef((...args: A) => latest.current(...args)).current;
}

/** `value` as the object the previous render had while their JSON is the same (a small model, not rows). */
export function useSameWhileEqual<T>(value: T): T {
  const kept = useRef(value);
  if (kept.current !== value && JSON.stringify(kept.current) !== JSON.stringify(value)) kept.current = value;
  return kept.current;
}
