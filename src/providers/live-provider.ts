import type { LiveEvent as RefineLiveEvent, LiveProvider } from '@refinedev/core';
import { EVENTS_URL, LIVE_RESET, type LiveEvent } from '../domain/live';
import { LIVE_CONNECTED, channelOf } from './live-on-demand';
import { readToken } from './session';

interface Subscription {
  channel: string;
  types: readonly string[];
  ids?: readonly string[];
  callback: (event: RefineLiveEvent) => void;
}

const IDLE_CLOSE_MS = 5000;

/**
 * Refine's liveProvider over the session's event stream (GET /api/events, server-sent events): one
 * stream for all subscriptions, opened with the session's bearer token in a header (the `eventsource`
 * package's fetch, so no token in an address), resumed with Last-Event-ID when it drops, closed when the
 * last subscription goes. Each event reaches the subscriptions of its resource's channel
 * (`resources/<name>`, Refine's own naming) whose types and ids it matches; a `reset` reaches them all.
 */
export function createLiveProvider(): LiveProvider {
  const subscriptions = new Set<Subscription>();
  let stream: { close(): void; token: string } | undefined;
  // Moving between screens unsubscribes one and subscribes the next: the stream waits a moment before closing.
  let closing: ReturnType<typeof setTimeout> | undefined;

  const deliver = (event: LiveEvent) => {
    const date = new Date(event.at);
    for (const sub of subscriptions) {
      if (sub.channel !== channelOf(event.resource)) continue;
      if (!sub.types.includes('*') && !sub.types.includes(event.type)) continue;
      if (sub.ids && !event.ids.some((id) => sub.ids!.includes(id))) continue;
      sub.callback({ channel: sub.channel, type: event.type, payload: { ...event }, date });
    }
  };
  const reset = () => {
    for (const sub of subscriptions)
      sub.callback({ channel: sub.channel, type: LIVE_RESET, payload: {}, date: new Date() });
  };

  const open = async (token: string) => {
    // Its code failed to load (a deploy replaced it): no stream; the next subscription tries again.
    const { EventSource } = await import('eventsource').catch(() => ({ EventSource: undefined }));
    if (!EventSource) return;
    // Signed out or another user while it loaded: nothing to open for.
    if (subscriptions.size === 0 || readToken() !== token || stream?.token === token) return;
    const source = new EventSource(EVENTS_URL, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } }),
    });
    source.onmessage = (message) => deliver(JSON.parse(message.data) as LiveEvent);
    source.addEventListener(LIVE_RESET, reset);
    // What was said before the stream opened went unheard: those that asked are told it is open now.
    source.onopen = () => {
      for (const sub of subscriptions)
        if (sub.types.includes(LIVE_CONNECTED))
          sub.callback({ channel: sub.channel, type: LIVE_CONNECTED, payload: {}, date: new Date() });
    };
    stream = { close: () => source.close(), token };
  };
  const close = () => {
    stream?.close();
    stream = undefined;
  };

  return {
    subscribe: ({ channel, types, params, callback }) => {
      const ids = params?.ids ?? (params?.id === undefined ? undefined : [params.id]);
      const sub: Subscription = { channel, types, ids: ids?.map(String), callback };
      subscriptions.add(sub);
      clearTimeout(closing);
      const token = readToken();
      if (token && stream?.token !== token) {
        close();
        void open(token);
      }
      return sub;
    },
    unsubscribe: (sub: Subscription) => {
      subscriptions.delete(sub);
      if (subscriptions.size === 0) closing = setTimeout(close, IDLE_CLOSE_MS);
    },
  };
}

export const eventStreamProvider = createLiveProvider();
