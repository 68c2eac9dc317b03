import type { LiveProvider } from '@refinedev/core';

type SubscribeOptions = Parameters<LiveProvider['subscribe']>[0];

/** A subscription as the Refine root holds it: the stream's own, once its code has loaded. */
interface Held {
  options: SubscribeOptions;
  live?: { provider: LiveProvider; subscription: unknown };
  gone?: boolean;
}

/** A resource's channel, as Refine's own hooks name it. */
export const channelOf = (resource: string) => `resources/${resource}`;
/**
 * The event a subscription hears each time the stream (re)opens, when its `types` name it: what it
 * fetched before then may have missed news (the bell refetches its count).
 */
export const LIVE_CONNECTED = 'connected';

let stream: Promise<LiveProvider> | undefined;

/** The event stream's provider (./live-provider), loaded once, by the first subscription (again after a failed load). */
const loadStream = () =>
  (stream ??= import('./live-provider').then(
    ({ eventStreamProvider }) => eventStreamProvider,
    (error: unknown) => {
      stream = undefined;
      throw error;
    },
  ));

/**
 * The live provider as the Refine root holds it: the stream's code (and the stream) come with the first
 * subscription, not with the console's first screen. A subscription made while it loads is handed over
 * once it has; one dropped meanwhile never opens.
 */
export const liveProvider: LiveProvider = {
  subscribe: (options) => {
    const held: Held = { options };
    // Live news is a bonus: a console whose stream's code cannot load (a deploy replaced it) works without it.
    loadStream().then(
      (provider) => {
        if (!held.gone) held.live = { provider, subscription: provider.subscribe(options) };
      },
      () => undefined,
    );
    return held;
  },
  unsubscribe: (subscription: Held) => {
    subscription.gone = true;
    subscription.live?.provider.unsubscribe(subscription.live.subscription);
  },
};
