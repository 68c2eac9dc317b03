import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import { dashboardPage } from '../pages/dashboard';
import { categoriesPage, laterPages } from '../pages/placeholder';
import { profilePage } from '../pages/profile';
import { auditResource } from '../resources/audit';
import { bannersResource } from '../resources/banners';
import { blogsResource } from '../resources/blogs';
import { couponsResource } from '../resources/coupons';
import type { ConsoleEntry, GroupDeclaration, ResourceDeclaration } from './declaration';
import { customersResource } from '../resources/customers';
import { ordersResource } from '../resources/orders';
import { productsResource } from '../resources/products';
import { returnsResource } from '../resources/returns';
import { staffResource } from '../resources/staff';
import { stockResource } from '../resources/stock';
import { trashResource } from '../resources/trash';

const catalogGroup: GroupDeclaration = {
  kind: 'group',
  name: 'catalog',
  path: '/catalog',
  menu: { label: 'Catalog', icon: CheckroomOutlined },
};

/**
 * Resources kept in one file, `src/resources/<name>.tsx` default-exporting their declaration
 * (declareResource): found here, and listed after the store's own, by file name.
 */
const oneFileResources = Object.entries(
  import.meta.glob<ResourceDeclaration>('../resources/*.tsx', { eager: true, import: 'default' }),
)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([, declaration]) => declaration);

/**
 * THE declaration list: every resource, page and sidebar group of the console, in sidebar order.
 * Refine's resources, the routes and the sidebar are all generated from it.
 */
export const consoleEntries: ConsoleEntry[] = [
  dashboardPage,
  catalogGroup,
  productsResource,
  categoriesPage,
  stockResource,
  couponsResource,
  ordersResource,
  customersResource,
  staffResource,
  auditResource,
  trashResource,
  bannersResource,
  blogsResource,
  ...oneFileResources,
  ...laterPages,
  returnsResource,
  profilePage,
];
