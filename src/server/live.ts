import { roleAllows, staffContract, type Access, type StaffRole } from '../domain';
import { type LiveEvent, type LiveEventType } from '../domain/live';
import { NOTIFICATION_SOURCES, type NotificationKind } from '../domain/notifications';
import type { Database } from './db/client';

/** How long a process keeps the events it heard, for a stream that reconnects (Last-Event-ID). */
export const LIVE_REPLAY_MS = 10 * 60_000;

/** What an audited action is to a screen that shows the record; actions not listed here are not screen news. */
const TYPE_OF_ACTION: Readonly<Record<string, LiveEventType>> = {
  create: 'created',
  restore: 'created',
  update: 'updated',
  status: 'updated',
  note: 'updated',
  bulk: 'updated',
  role_change: 'updated',
  unlock: 'updated',
  password_change: 'updated',
  delete: 'deleted',
  purge: 'deleted',
};

/** The resources whose events may end a session: a sign-out, and a staff member changed, removed or signed out elsewhere. */
const SESSION_RESOURCES = new Set(['sessions', staffContract.name]);

/** A message on the live channel (migration 0020's or 0021's, or a presence beat's or a read's). */
interface Announcement extends Omit<LiveEvent, 'type'> {
  action?: string;
  type?: 'presence' | 'notification';
}

/** The newest live event id given out so far, by any process. */
async function lastEventId(database: Database): Promise<bigint> {
  const [row] = await database.query<{ last: string }>(
    'select (case when is_called then last_value else 0 end)::text as last from live_event_ids',
  );
  return BigInt(row?.last ?? 0);
}

/** One open stream: whose, what it may read, and how to hand it an event or have it check its session. */
export interface LiveStream {
  userId: string;
  role: StaffRole;
  send(event: LiveEvent): void;
  /** Something about this user's sessions changed: the stream reads its session again and ends if it is gone. */
  recheck(): void;
  /** Events may have gone unheard: the console refetches what it shows. */
  reset(): void;
}

/**
 * The process's end of the live channel: it hears every process's events (Database.listenLive), keeps
 * the last LIVE_REPLAY_MS of them for reconnects, and hands each to the open streams whose role may read
 * its resource.
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly kept: LiveEvent[] = [];
  /** Every event after this id was heard here (held in `kept` unless older than LIVE_REPLAY_MS). */
  private horizon = 0n;
  private stop: (() => Promise<void>) | undefined;

  constructor(private readonly readAccess: (resource: string) => Access) {}

  async start(database: Database): Promise<void> {
    this.stop = await database.listenLive({
      event: (payload) => this.heard(payload),
      gap: () => void this.gap(database).catch(() => undefined),
    });
    // Listening first, then the sequence: an id above this one commits after the LISTEN, so it is heard.
    this.horizon = await lastEventId(database);
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  /** Whether a session of this role may hear of this resource's records. */
  allows(role: StaffRole, resource: string): boolean {
    return roleAllows(role, this.readAccess(resource));
  }

  /** Whether this stream hears this event: a read by its user, a notification its role receives, news it may read. */
  hears(stream: Pick<LiveStream, 'userId' | 'role'>, event: LiveEvent): boolean {
    if (event.to !== undefined) return event.to === stream.userId;
    const source = event.type === 'notification' && NOTIFICATION_SOURCES[event.kind as NotificationKind];
    return this.allows(stream.role, source ? source.resource : event.resource);
  }

  open(stream: LiveStream): () => void {
    this.streams.add(stream);
    return () => void this.streams.delete(stream);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /** What a stream that last saw `lastId` missed, oldest first; 'reset' when that is older than what is kept. */
  missedSince(lastId: string): LiveEvent[] | 'reset' {
    let last: bigint;
    try {
      last = BigInt(lastId);
    } catch {
      return 'reset';
    }
    if (last < this.horizon) return 'reset';
    return this.kept.filter((event) => BigInt(event.id!) > last);
  }

  /** Listening again after a lost connection: what was said meanwhile is unknown, so every stream refetches. */
  private async gap(database: Database): Promise<void> {
    this.kept.length = 0;
    this.horizon = await lastEventId(database);
    for (const stream of this.streams) stream.reset();
  }

  private heard(payload: string): void {
    let message: Announcement;
    try {
      message = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    if (message.type === 'presence' || message.to !== undefined)
      return this.fanOut({ ...message, type: message.type! });
    if (SESSION_RESOURCES.has(message.resource)) {
      for (const stream of this.streams) if (message.ids.includes(stream.userId)) stream.recheck();
    }
    const type = message.type ?? (message.action && TYPE_OF_ACTION[message.action]);
    if (!type || message.id === undefined) return;
    const { action: _action, ...rest } = message;
    const event: LiveEvent = { ...rest, type, at: new Date(message.at).toISOString() };
    this.keep(event);
    this.fanOut(event);
  }

  private keep(event: LiveEvent): void {
    this.kept.push(event);
    const oldest = Date.now() - LIVE_REPLAY_MS;
    let drop = 0;
    while (drop < this.kept.length && Date.parse(this.kept[drop]!.at) < oldest) drop++;
    if (drop > 0) this.horizon = BigInt(this.kept[drop - 1]!.id!);
    this.kept.splice(0, drop);
  }

  private fanOut(event: LiveEvent): void {
    for (const stream of this.streams) if (this.hears(stream, event)) stream.send(event);
  }
}
