import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useOne, type BaseRecord, type HttpError } from '@refinedev/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { ResourceTexts } from './presentation';

interface RecordStateProps {
  query: { isLoading: boolean; error?: HttpError | null } | undefined;
  found: boolean;
  /** Its words while loading, for a missing record and for a failed load ('Loading...', 'Not found.', 'Failed to load' unless said). */
  texts: Pick<ResourceTexts, 'recordLoading' | 'notFound' | 'recordLoadFailed'>;
  children: ReactNode;
}

/** One record's screen: its loading text, 'not found' (a 404 or an id the server refuses), a load error, or the record. */
export function RecordState({ query, found, texts, children }: RecordStateProps) {
  const {
    recordLoading: loading = 'Loading...',
    notFound = 'Not found.',
    recordLoadFailed: loadFailed = 'Failed to load',
  } = texts;
  if (query?.isLoading) return <Typography role="status">{loading}</Typography>;
  if (!found) {
    const missing = !query?.error || query.error.statusCode === 404 || query.error.statusCode === 400;
    return <Alert severity={missing ? 'warning' : 'error'}>{missing ? notFound : loadFailed}</Alert>;
  }
  return children;
}

/** The record a record screen's route names (its :id), for RecordState to show: no toast, which would only repeat it. */
export function useRouteRecord<T extends BaseRecord>(resource: string) {
  const { id = '' } = useParams();
  const { result, query } = useOne<T, HttpError>({ resource, id, errorNotification: false });
  return { id, record: result, query };
}
