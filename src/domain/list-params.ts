import { z } from 'zod';

/**
 * The optional list parameters every list endpoint understands, in json-server's
 * dialect that Refine's simple-rest speaks: _start/_end page, _sort/_order sort, q searches,
 * any other allowed key filters by equality. Without them a list answers everything.
 */
export const LIST_PARAM_KEYS = ['_start', '_end', '_sort', '_order', 'q'] as const;
export const MAX_PAGE_SIZE = 200;

export const listParamsSchema = z
  .object({
    _start: z.coerce.number().int().min(0).optional(),
    _end: z.coerce.number().int().min(0).optional(),
    _sort: z.string().max(50).optional(),
    _order: z
      .enum(['asc', 'desc', 'ASC', 'DESC'])
      .transform((o) => o.toLowerCase() as 'asc' | 'desc')
      .optional(),
    q: z.string().trim().max(200).optional(),
  })
  .refine((p) => p._start === undefined || p._end === undefined || p._end >= p._start, {
    path: ['_end'],
    message: '_end must not be before _start',
  })
  // `_end` alone pages from 0: it is held to the same cap.
  .refine((p) => p._end === undefined || p._end - (p._start ?? 0) <= MAX_PAGE_SIZE, {
    path: ['_end'],
    message: `a page holds at most ${MAX_PAGE_SIZE} rows`,
  });
