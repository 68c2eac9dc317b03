import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

interface Recording {
  statements: string[];
  open: boolean;
}

const recordings = new AsyncLocalStorage<Recording>();

/**
 * Every statement the database drivers send is told here (Drizzle's logger, and Database.query), and
 * kept when the work that sent it runs inside `recordQueries`: the read cache learns which tables an
 * answer was read from by the SQL that made it, so a route that starts reading another table is
 * covered without anyone declaring it.
 */
export const queryLog: Logger = {
  logQuery(query) {
    const recording = recordings.getStore();
    if (recording?.open) recording.statements.push(query);
  },
};

/** Runs `work` (and everything it starts) with each statement sent appended to `statements`. */
export function recordQueries<T>(statements: string[], work: () => T): T {
  return recordings.run({ statements, open: true }, work);
}

/** Ends the current work's recording: an answer that will not be kept (a stream) need not hold its statements. */
export function stopRecording(): void {
  const recording = recordings.getStore();
  if (!recording) return;
  recording.open = false;
  recording.statements.length = 0;
}
