import { randomBytes } from 'node:crypto';

/** A new id in the shape the console and the store's existing backend use (24 lowercase hex chars). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
