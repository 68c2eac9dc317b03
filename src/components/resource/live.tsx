import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useGetIdentity, useSubscription, type LiveEvent as RefineLiveEvent } from '@refinedev/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../domain';
import { LIVE_RESET, PRESENCE_BEAT_MS, PRESENCE_TTL_MS, PRESENCE_URL, type LiveEvent } from '../../domain/live';
import { apiFetch } from '../../providers/http';
import { channelOf } from '../../providers/live-on-demand';

/** A handler that keeps its identity (a subscription made with it is not made again) and calls the latest one. */
function useSteady<A extends unknown[]>(handler: (...args: A) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** What a live event says of itself, when someone else made it (the console's own writes refresh what they touch). */
function useOthersEvent(handle: (event: LiveEvent) => void, onReset?: () => void) {
  const { data: me } = useGetIdentity<SessionUser>();
  return useSteady((event: RefineLiveEvent) => {
    if (event.type === LIVE_RESET) return onReset?.();
    const live = event.payload as LiveEvent;
    if (live.actor?._id !== me?._id) handle(live);
  });
}

/**
 * A grid's live news: rows do not move under the cursor. New records and changes by others wait in a
 * notice above the grid ("3 new orders · Show", "2 orders changed · Refresh") until asked for, except a
 * change to rows on screen while nothing is selected or being edited, which refreshes at once.
 */
export function useLiveGrid({
  noun,
  plural,
  visible,
  busy,
  refetch,
}: {
  noun: string;
  plural: string;
  visible: readonly string[];
  busy: boolean;
  refetch: () => void;
}) {
  const [news, setNews] = useState({ created: 0, changed: new Set<string>() });
  const apply = () => {
    setNews({ created: 0, changed: new Set() });
    refetch();
  };
  const onLiveEvent = useOthersEvent(
    (event) => {
      if (event.type === 'created') setNews((now) => ({ ...now, created: now.created + event.count }));
      else if (!busy && event.count === event.ids.length && event.ids.every((id) => visible.includes(id))) refetch();
      else setNews((now) => ({ ...now, changed: new Set([...now.changed, ...event.ids]) }));
    },
    () => refetch(),
  );
  const { created, changed } = news;
  const said = [
    created > 0 && `${created} new ${created === 1 ? noun : plural}`,
    changed.size > 0 && `${changed.size} ${changed.size === 1 ? noun : plural} changed`,
  ].filter(Boolean);
  const notice = said.length > 0 && (
    <Alert
      severity="info"
      role="status"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={apply}>
          {created > 0 ? 'Show' : 'Refresh'}
        </Button>
      }
    >
      {said.join(' · ')}
    </Alert>
  );
  return { liveMode: 'manual' as const, onLiveEvent, notice };
}

/**
 * On an open record (details or edit): "Updated by Asha just now · Reload" when someone else changes it,
 * before a save meets the lost-update check; with `editing`, the console says it has the record open
 * (a beat every PRESENCE_BEAT_MS) and shows who else has ("Asha is editing", gone PRESENCE_TTL_MS after
 * their last beat, or at once when they close it).
 */
export function LiveRecordNotice({
  resource,
  id,
  onReload,
  editing = false,
}: {
  resource: string;
  id: string | undefined;
  onReload: () => void;
  editing?: boolean;
}) {
  const [change, setChange] = useState<{ by: string; deleted: boolean }>();
  const [editors, setEditors] = useState<Record<string, { name: string; until: number }>>({});
  const onLiveEvent = useOthersEvent((event) => {
    if (event.type !== 'presence') return setChange({ by: event.actor.fullname, deleted: event.type === 'deleted' });
    const who = event.actor._id ?? '';
    setEditors(({ [who]: _gone, ...others }) =>
      event.editing
        ? { ...others, [who]: { name: event.actor.fullname, until: Date.now() + PRESENCE_TTL_MS } }
        : others,
    );
  });
  useSubscription({
    channel: channelOf(resource),
    types: editing ? ['updated', 'deleted', 'presence'] : ['updated', 'deleted'],
    params: { ids: id === undefined ? [] : [id] },
    enabled: id !== undefined,
    onLiveEvent,
  });
  useEffect(() => {
    if (!editing || id === undefined) return;
    const beat = (on: boolean) =>
      void apiFetch(PRESENCE_URL, { method: 'POST', body: { resource, id, editing: on } }).catch(() => undefined);
    beat(true);
    const beats = setInterval(() => beat(true), PRESENCE_BEAT_MS);
    // Who stopped beating has left without saying so (a closed tab).
    const sweep = setInterval(
      () => setEditors((now) => Object.fromEntries(Object.entries(now).filter(([, { until }]) => until > Date.now()))),
      PRESENCE_BEAT_MS / 2,
    );
    return () => {
      clearInterval(beats);
      clearInterval(sweep);
      beat(false);
    };
  }, [editing, resource, id]);
  const names = Object.values(editors).map(({ name }) => name);
  return (
    <>
      {names.length > 0 && (
        <Alert severity="info" role="status" sx={{ gridColumn: '1 / -1' }}>
          {names.join(', ')} {names.length === 1 ? 'is' : 'are'} editing
        </Alert>
      )}
      {change && (
        <Alert
          severity="warning"
          role="status"
          sx={{ gridColumn: '1 / -1' }}
          action={
            change.deleted ? undefined : (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setChange(undefined);
                  onReload();
                }}
              >
                Reload
              </Button>
            )
          }
        >
          {change.deleted ? 'Deleted' : 'Updated'} by {change.by} just now
        </Alert>
      )}
    </>
  );
}
