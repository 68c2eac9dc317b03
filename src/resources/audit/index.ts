import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { declareResource } from '../../components/resource/declare';

/** Activity: the audit log (GET /api/audit), next to Team; the access control keeps it to admins. */
export const auditResource = declareResource({
  name: 'audit',
  menu: { label: 'Activity', icon: HistoryOutlined },
  routes: { list: '/activity' },
  presentation: () => import('./resource'),
});
