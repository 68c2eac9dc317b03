import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useNavigation, type HttpError } from '@refinedev/core';
import type { ReactNode } from 'react';
import type { ResourcePresentation, StoreRecord } from './presentation';
import { PageHeader } from './PageHeader';
import { RecordState } from './RecordState';
import { useTexts } from './texts';

/**
 * A record's page: a section under its name, its heading (none where the record's own leads, a blog's title)
 * with its buttons and the way back to its list, then the record once loaded (the resource's words while it
 * loads, is missing or fails), then what follows it (`after`).
 */
export function RecordPage<T extends StoreRecord>({
  presentation,
  label,
  title,
  actions,
  query,
  found,
  sx,
  children,
  after,
}: {
  presentation: ResourcePresentation<T>;
  label: string;
  title?: string;
  actions?: ReactNode;
  query: { isLoading: boolean; error?: HttpError | null } | undefined;
  found: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { listUrl } = useNavigation();
  const texts = useTexts(presentation);
  return (
    <Box component="section" aria-label={label} sx={sx}>
      <PageHeader title={title} back={listUrl(presentation.name)} actions={actions} backLabel={texts.back} />
      <RecordState
        query={query}
        found={found}
        texts={{ ...texts, recordLoadFailed: texts.pageLoadFailed ?? texts.recordLoadFailed }}
      >
        {children}
      </RecordState>
      {after}
    </Box>
  );
}
