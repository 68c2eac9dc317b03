import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigation } from '@refinedev/core';
import { Link } from 'react-router';
import type { ResourcePresentation, StoreRecord } from './presentation';
import { DetailList } from './DetailList';
import { FieldValue } from './FieldValue';
import { RecordPage } from './RecordPage';
import { useRouteRecord } from './RecordState';
import { usePermittedActions } from './usePermittedActions';
import { useTexts } from './texts';

/** A record's declared fields (`show`) by kind: its pictures large, then the rest as a list of label and value. */
export function RecordFields<T extends StoreRecord>({
  presentation,
  record,
}: {
  presentation: ResourcePresentation<T>;
  record: T;
}) {
  const shown = Object.entries(presentation.fields).filter(([, field]) => field.show);
  return (
    <>
      {shown
        .filter(([, field]) => field.kind === 'image')
        .map(([field, spec]) => (
          <Box key={field} sx={{ mb: 3 }}>
            <FieldValue name={field} spec={spec} record={record} large />
          </Box>
        ))}
      <DetailList
        rows={shown
          .filter(([, field]) => field.kind !== 'image')
          .map(([field, spec]) => [spec.label, <FieldValue name={field} spec={spec} record={record} />])}
        sx={{ rowGap: 1.5 }}
      />
    </>
  );
}

/**
 * A generated detail page: the record's heading, its pictures large, then its declared fields by kind, or the
 * record's own article; Edit for a role that may.
 */
export default function ResourceShowScreen<T extends StoreRecord>({
  presentation,
}: {
  presentation: ResourcePresentation<T>;
}) {
  const { editUrl } = useNavigation();
  const { name } = presentation;
  const texts = useTexts(presentation);
  const { record, query } = useRouteRecord<T>(name);
  const actions = usePermittedActions(presentation);
  const edit = record && actions.includes('edit') && (
    <Button component={Link} to={editUrl(name, record._id)} variant="outlined" startIcon={<EditOutlined />}>
      Edit
    </Button>
  );
  const title = texts.showTitle ?? texts.title;
  const { article } = presentation;
  return (
    <RecordPage
      presentation={presentation}
      label={title}
      title={article ? undefined : title}
      actions={edit}
      query={query}
      found={Boolean(record)}
      sx={article && { maxWidth: 960 }}
    >
      {record &&
        (article ? (
          article(record)
        ) : (
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
            {presentation.heading && (
              <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
                {presentation.heading(record)}
              </Typography>
            )}
            <RecordFields presentation={presentation} record={record} />
          </Paper>
        ))}
    </RecordPage>
  );
}
