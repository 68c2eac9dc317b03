import type { LiveProvider } from '@refinedev/core';

let stream: LiveProvider | undefined;

/** Hands the Refine root the stream's provider: the scaffold's live pieces (lists, records) do it as they load. */
export function plugLiveProvider(provider: LiveProvider): void {
  stream = provider;
}

/**
 * The live provider as the Refine root holds it: the stream's code comes with the first screen that
 * subscribes (a list or a record, whose module plugs it in), not with the console's first screen.
 */
export const liveProvider: LiveProvider = {
  subscribe: (options) => stream?.subscribe(options),
  unsubscribe: (subscription) => stream?.unsubscribe(subscription),
};
