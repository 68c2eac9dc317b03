import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import { declareResource } from '../../components/resource/declare';

/** Returns: what customers send back, from request to refund, with size exchanges (GET /api/returns). */
export const returnsResource = declareResource({
  name: 'returns',
  menu: { label: 'Returns', icon: AssignmentReturnOutlined },
  routes: { list: '/returns' },
  presentation: () => import('./resource'),
});
