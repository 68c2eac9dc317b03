import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useList, type BaseRecord } from '@refinedev/core';
import { formatCount } from '../domain';

/** One card of CountCards: which count it shows, under what title, with which icon in which colour. */
export interface CountCard<K extends string> {
  key: K;
  title: string;
  icon: typeof SvgIcon;
  colour: string;
}

/** Counts as a row of cards (a catalogue's totals): a skeleton while they load, '—' when they could not be had. */
export function CountCards<K extends string>({
  cards,
  counts,
  loading,
}: {
  cards: CountCard<K>[];
  counts: Record<K, number> | undefined;
  loading: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
      {cards.map(({ key, title, icon: Icon, colour }) => (
        <Paper
          key={key}
          variant="outlined"
          sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
          role="group"
          aria-label={title}
        >
          <Icon sx={{ color: colour, fontSize: 32 }} aria-hidden />
          <Box>
            <Typography variant="body2" color="text.secondary">
              {title}
            </Typography>
            <Typography variant="h5" component="p" fontWeight={600} data-testid={`count-${key}`}>
              {counts ? formatCount(counts[key]) : loading ? <Skeleton width={48} /> : '—'}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * The counts of a whole list, from a page of it: the counts its answer carries (`counts`, as our server
 * sends them), else, from a server that sends none, the whole list fetched once and counted with `count`.
 */
export function useListCounts<T extends BaseRecord, C>(
  resource: string,
  list: { data?: object; isSuccess: boolean },
  count: (records: T[]) => C,
): { counts: C | undefined; loading: boolean } {
  const fromList = (list.data as { counts?: C } | undefined)?.counts;
  const fallbackNeeded = list.isSuccess && fromList === undefined;
  const { result, query } = useList<T>({
    resource,
    pagination: { mode: 'off' },
    queryOptions: { enabled: fallbackNeeded },
    errorNotification: false,
  });
  if (fromList) return { counts: fromList, loading: false };
  if (fallbackNeeded && query.isSuccess) return { counts: count(result.data), loading: false };
  return { counts: undefined, loading: !query.isError };
}
