/** The live stream of a signed-in session: server-sent events at EVENTS_URL, opened with the session's bearer token. */
export const EVENTS_URL = '/api/events';
/** Where a console says it has a record open for editing (POST `{ resource, id, editing }`), every PRESENCE_BEAT_MS. */
export const PRESENCE_URL = '/api/events/presence';
export const PRESENCE_BEAT_MS = 10_000;
/** How long "… is editing" stays without a new beat (checked every PRESENCE_BEAT_MS / 2: gone within 30 s). */
export const PRESENCE_TTL_MS = 25_000;

export const LIVE_EVENT_TYPES = ['created', 'updated', 'deleted', 'notification', 'presence'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** One change as a session's stream tells it (the SSE `data:` line, JSON). */
export interface LiveEvent {
  /** Rising across every process of the store; a reconnect sends the last one seen as Last-Event-ID. Presence has none. */
  id?: string;
  type: LiveEventType;
  /** The contract's name ('orders'). */
  resource: string;
  /** The records it touched (at most LIVE_EVENT_IDS; `count` says how many in all). */
  ids: string[];
  count: number;
  actor: { _id: string | null; fullname: string };
  at: string;
  /** Presence only: whether the actor has the record open for editing now, or has just closed it. */
  editing?: boolean;
  /** A notification's kind (resource 'notifications'): it reaches the sessions whose role receives that kind. */
  kind?: string;
  /** Only this user's sessions hear it (they read their notifications in another tab). */
  to?: string;
}

export const LIVE_EVENT_IDS = 100;

/**
 * The stream's own messages beside the events: `reset` when the reconnect's Last-Event-ID is older than
 * what the server still holds (the console refetches what it shows instead).
 */
export const LIVE_RESET = 'reset';
