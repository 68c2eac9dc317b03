import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { declareResource } from '../../components/resource/declare';

/** Returns: what customers send back, from request to refund, with size exchanges (GET /api/returns). */
export const returnsResource = declareResource({
  name: 'returns',
  menu: { label: 'Returns', icon: ReplayOutlined },
  routes: { list: '/returns' },
  presentation: () => import('./resource'),
});
