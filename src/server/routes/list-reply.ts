import type { FastifyReply } from 'fastify';
import type { ListQuery } from '../list-query';

/** With list parameters the caller pages, so it also gets the filtered total (header and `total` key). */
export function listReply<T extends object>(reply: FastifyReply, list: ListQuery, total: number, body: T): T | (T & { total: number }) {
  if (!list.withTotal) return body;
  reply.header('X-Total-Count', String(total));
  return { ...body, total };
}
