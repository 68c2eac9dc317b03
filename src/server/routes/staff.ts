import type { FastifyPluginAsync } from 'fastify';
import { editVersionSchema, staffCreateSchema, staffUpdateSchema } from '../../domain';
import { access } from '../auth/guard';
import type { Db } from '../db/client';
import { notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { addStaff, findStaff, listStaff, removeStaff, staffListSpec, unlockStaff, updateStaff, wholeStaffList } from '../services/staff';
import { sendWholeList } from './list-reply';

const NOUN = 'Staff member';

/**
 * The Team: staff accounts in the regular REST shape Refine's simple-rest speaks (a plain array with
 * X-Total-Count, the record itself), under /api/staff. Admins only (access 'team').
 */
export function staffRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    const team = access('team');

    app.get('/', team, async (request, reply) => {
      const list = parseListQuery(request.query, staffListSpec);
      if (list.limit === undefined) return sendWholeList(request, reply, list, wholeStaffList(db, list));
      const { staff, total } = await listStaff(db, list);
      if (list.withTotal) reply.header('X-Total-Count', String(total));
      return staff;
    });

    app.get('/:id', team, async (request) => notFoundUnless(await findStaff(db, parseId(request.params)), NOUN));

    app.post('/', team, async (request, reply) => reply.code(201).send(await addStaff(db, parseInput(staffCreateSchema, request.body))));

    app.put('/:id', team, async (request) => {
      const id = parseId(request.params);
      const input = { ...parseInput(staffUpdateSchema, request.body), ...parseInput(editVersionSchema, request.body) };
      return notFoundUnless(await updateStaff(db, id, input), NOUN);
    });

    app.post('/:id/unlock', team, async (request) => {
      const member = notFoundUnless(await unlockStaff(db, parseId(request.params)), NOUN);
      return { success: true, message: `Sign-in attempts of ${member.email} cleared` };
    });

    app.delete('/:id', team, async (request) => {
      notFoundUnless(await removeStaff(db, parseId(request.params), request.sessionUser!._id), NOUN);
      return { success: true, message: `${NOUN} removed` };
    });
  };
}
