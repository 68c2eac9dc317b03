import type { ResourceContract } from '../../domain';
import type { HttpMethod } from '../http';

/** One call of the store API: method, path template (':id' becomes the record id) and where the result sits. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  /** Key of the response body that holds the result; absent when the body itself is the result. */
  pick?: string;
  /** Other top-level keys of the response handed to the caller alongside the result (list counts, a write's message). */
  extras?: readonly string[];
}

export interface ListEndpoint extends Endpoint {
  /**
   * Sort and filter fields the server takes as optional list parameters, or false for a
   * list that takes none and always answers every row (the dashboard series): it is then never paged.
   */
  listParams: { sort: readonly string[]; filter: readonly string[] } | false;
  /** For the browser fallback: where a filter field's value is in a record, when it is not the field itself. */
  filterPaths?: Readonly<Record<string, string>>;
}

export interface ResourceEndpoints {
  getList?: ListEndpoint;
  getOne?: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  deleteOne?: Endpoint;
}

const endpoint = (route: { method: string; url: string; key?: string; extras?: readonly string[] }): Endpoint => ({
  method: route.method as HttpMethod,
  path: route.url,
  pick: route.key,
  extras: route.extras,
});

/** Refine's verbs over a contract's calls: a verb the contract has no call for is not there. */
export function endpointsOf(contract: ResourceContract<never>): ResourceEndpoints {
  const { list, get, create, update, remove } = contract.routes;
  const fields = contract.list;
  return {
    ...(list && {
      getList: {
        ...endpoint(list),
        listParams: fields && { sort: fields.sort, filter: fields.filter },
        filterPaths: fields ? fields.filterPaths : undefined,
      },
    }),
    ...(get && { getOne: endpoint(get) }),
    ...(create && { create: endpoint(create) }),
    ...(update && { update: endpoint(update) }),
    ...(remove && { deleteOne: endpoint(remove) }),
  };
}
