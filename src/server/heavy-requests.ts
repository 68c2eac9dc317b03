import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export interface HeavyRequestLimits {
  /** Heavy answers one account may have running at once. */
  perUser: number;
  /** Heavy answers the process runs at once, all accounts together. */
  overall: number;
}

export const DEFAULT_HEAVY_REQUESTS: HeavyRequestLimits = { perUser: 2, overall: 6 };

/** Seconds a refused caller is told to wait: a whole list or an export of a large store takes about that. */
const RETRY_AFTER_SECONDS = 5;

export const HEAVY_REQUEST_REFUSAL = 'Too many exports or whole lists at once: wait for one to finish, then try again';

declare module 'fastify' {
  interface FastifyInstance {
    heavyRequests: HeavyRequests;
  }
}

/**
 * Answers that read a whole list (the unpaged lists and the CSV exports) stream in bounded memory, but
 * each keeps a database connection busy for as long as it runs: one account running many at once would
 * starve everyone else. Each is admitted here for as long as its reply is open, the client's leaving
 * included; one over a limit is refused with 429 and Retry-After.
 */
export class HeavyRequests {
  private running = 0;
  private readonly perUser = new Map<string, number>();

  constructor(private readonly limits: HeavyRequestLimits) {}

  /** How many heavy answers this account has running. */
  runningFor(userId: string): number {
    return this.perUser.get(userId) ?? 0;
  }

  admit(request: FastifyRequest, reply: FastifyReply): void {
    const user = request.sessionUser?._id ?? request.ip;
    const own = this.perUser.get(user) ?? 0;
    if (own >= this.limits.perUser || this.running >= this.limits.overall) {
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new HttpError(429, HEAVY_REQUEST_REFUSAL);
    }
    this.running++;
    this.perUser.set(user, own + 1);
    reply.raw.once('close', () => {
      this.running--;
      const left = this.perUser.get(user)! - 1;
      if (left === 0) this.perUser.delete(user);
      else this.perUser.set(user, left);
    });
  }
}

/** Admits a heavy answer through the app's gate, or refuses it (429). */
export function admitHeavy(request: FastifyRequest, reply: FastifyReply): void {
  request.server.heavyRequests.admit(request, reply);
}
