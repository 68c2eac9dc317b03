import {
  bannersContract,
  blogsContract,
  couponsContract,
  customersContract,
  dashboardKpisContract,
  monthlySalesContract,
  ordersContract,
  productsContract,
  salesByCategoryContract,
  staffContract,
  type ResourceContract,
} from '../../src/domain';
import { endpointsOf, type ResourceEndpoints } from '../../src/providers/data-provider/endpoints';

/** Every contract of the store the console calls. */
export const STORE_CONTRACTS: readonly ResourceContract<never>[] = [
  productsContract,
  ordersContract,
  customersContract,
  couponsContract,
  blogsContract,
  bannersContract,
  staffContract,
  dashboardKpisContract,
  monthlySalesContract,
  salesByCategoryContract,
] as unknown as ResourceContract<never>[];

/** What /api/auth/me tells the console each resource's calls need. */
export const RESOURCE_ACCESS = Object.fromEntries(STORE_CONTRACTS.map((contract) => [contract.name, contract.access]));

/** Refine's verbs over the store's irregular contracts (a regular one goes through simple-rest). */
export const ENDPOINTS: Readonly<Record<string, ResourceEndpoints>> = Object.fromEntries(
  STORE_CONTRACTS.filter((contract) => !contract.regular).map((contract) => [contract.name, endpointsOf(contract)]),
);

/** What Refine hands the data provider with a resource's calls: its contract in `meta` (app/refine-resources.ts). */
export const metaOf = (resource: string) => ({
  contract: STORE_CONTRACTS.find((contract) => contract.name === resource),
});
