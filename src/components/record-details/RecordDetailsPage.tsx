import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useOne, type BaseRecord } from '@refinedev/core';
import { Link, useParams } from 'react-router';

export interface RecordField<Row> {
  label: string;
  value: (record: Row) => string;
}

interface RecordDetailsPageProps<Row extends BaseRecord> {
  resource: string;
  title: string;
  fields: RecordField<Row>[];
  /** The list this record belongs to. */
  backTo: string;
  notFound: string;
}

/** One record of a resource, read by the ':id' of the route, as labelled lines. */
export function RecordDetailsPage<Row extends BaseRecord>({
  resource,
  title,
  fields,
  backTo,
  notFound,
}: RecordDetailsPageProps<Row>) {
  const { id = '' } = useParams();
  const { result, query } = useOne<Row>({ resource, id, queryOptions: { enabled: id !== '' } });

  let body;
  if (query.isLoading) body = <Typography>Loading...</Typography>;
  else if (!result) body = <Typography color="error">{query.error?.statusCode === 404 || !query.error ? notFound : query.error.message}</Typography>;
  else
    body = (
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1.5, m: 0 }}>
        {fields.map((field) => (
          <Box key={field.label} sx={{ display: 'contents' }}>
            <Typography component="dt" fontWeight={600}>
              {field.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {field.value(result) || 'N/A'}
            </Typography>
          </Box>
        ))}
      </Box>
    );

  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Button component={Link} to={backTo}>
          Back
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {body}
      </Paper>
    </Box>
  );
}
