import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useList, type BaseRecord, type HttpError } from '@refinedev/core';
import { Suspense, type ReactNode } from 'react';
import { serverMessageOr } from '../../providers/http';

const HEIGHT = 320;

interface ChartCardProps<T> {
  title: string;
  subtitle: string;
  /** The dashboard series drawn (its entry in the endpoint table). */
  resource: string;
  /** The points worth drawing: with none, the card says there is no data. */
  keep?: (point: T) => boolean;
  /** The chart, loaded as its own chunk after the page. */
  chart: (points: T[], height: number) => ReactNode;
}

/** A titled panel of the dashboard with its chart; a message keeps the chart's height while it loads, when there is nothing to draw and when it failed. */
export function ChartCard<T extends BaseRecord>({
  title,
  subtitle,
  resource,
  keep = () => true,
  chart,
}: ChartCardProps<T>) {
  const { result, query } = useList<T, HttpError>({ resource, errorNotification: false });
  const points = result.data.filter(keep);
  const message = (text: string, error = false) => (
    <Box
      sx={{ height: HEIGHT, display: 'grid', placeItems: 'center', textAlign: 'center', px: 2 }}
      role={error ? 'alert' : 'status'}
    >
      <Typography color={error ? 'error' : 'text.secondary'}>{text}</Typography>
    </Box>
  );

  let body;
  if (query.isLoading) body = message('Loading...');
  else if (query.isError) body = message(serverMessageOr(query.error, 'Failed to load sales data'), true);
  else if (points.length === 0) body = message('No sales data available');
  else body = <Suspense fallback={message('Loading...')}>{chart(points, HEIGHT)}</Suspense>;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {subtitle}
      </Typography>
      <Box sx={{ mt: 2, flex: 1, minHeight: 0 }}>{body}</Box>
    </Paper>
  );
}
