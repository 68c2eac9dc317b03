/**
 * Runs `act` after `ms` unless the address has moved on meanwhile: a link followed in the pause has already
 * changed it while this screen stays on until the next one's code arrives, and acting then (a search written
 * into the address, a return to the list) would take the admin back from where they chose to go.
 * Returns what cancels it.
 */
export function afterPause(act: () => void, ms: number): () => void {
  const here = window.location.pathname;
  const timer = window.setTimeout(() => window.location.pathname === here && act(), ms);
  return () => window.clearTimeout(timer);
}
