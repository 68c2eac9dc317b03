import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { returnsContract } from '../../domain/returns';
import { returnReceiveSchema, returnRejectSchema } from '../../domain/after-sale';
import { accessTo } from '../auth/guard';
import type { Db } from '../db/client';
import { notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { whoOf } from '../services/audit';
import { exportFormat, sendCsv } from '../services/csv-export';
import type { OrderAuthor } from '../services/orders';
import {
  closeReturn,
  getReturn,
  listReturns,
  receiveReturn,
  refundReturn,
  rejectReturn,
  returnExport,
  returnListSpec,
} from '../services/returns';
import { listReply } from './list-reply';

const { list, get } = returnsContract.routes as Required<typeof returnsContract.routes>;
const { receive, refund, close, reject } = returnsContract.calls!;
const staffOf = (request: FastifyRequest) => whoOf(request) as OrderAuthor;
const NOUN = returnsContract.noun;

/**
 * GET /api/returns (`{ returns, total }`, CSV) and GET /api/returns/{id}; the steps of a return: receive,
 * refund, close, reject. Support move returns on; only who may change the catalogue and its prices
 * (admins, managers) gives money back.
 */
export function returnRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get(list.path || '/', accessTo(returnsContract, 'read'), async (request, reply) => {
      const { csv, query } = exportFormat(request.query);
      const asked = parseListQuery(query, returnListSpec);
      if (csv) return sendCsv(request, reply, returnExport(db, asked));
      const { returns, total } = await listReturns(db, asked);
      return listReply(reply, asked, total, { success: true, returns });
    });

    app.get(get.path, accessTo(returnsContract, 'read'), async (request) => ({
      success: true,
      return: notFoundUnless(await getReturn(db, parseId(request.params)), NOUN),
    }));

    app.post(receive!.path, accessTo(returnsContract, 'update'), async (request) => {
      const input = parseInput(returnReceiveSchema, request.body);
      const found = notFoundUnless(await receiveReturn(db, parseId(request.params), input, staffOf(request)), NOUN);
      return { success: true, message: 'Return received', return: found };
    });

    app.post(refund!.path, accessTo(returnsContract, 'create'), async (request) => {
      const found = notFoundUnless(await refundReturn(db, parseId(request.params), staffOf(request)), NOUN);
      return { success: true, message: 'Refund issued', return: found };
    });

    app.post(close!.path, accessTo(returnsContract, 'update'), async (request) => {
      const found = notFoundUnless(await closeReturn(db, parseId(request.params), staffOf(request)), NOUN);
      return { success: true, message: 'Return closed', return: found };
    });

    app.post(reject!.path, accessTo(returnsContract, 'update'), async (request) => {
      const { reason } = parseInput(returnRejectSchema, request.body);
      const found = notFoundUnless(await rejectReturn(db, parseId(request.params), reason, staffOf(request)), NOUN);
      return { success: true, message: 'Return rejected', return: found };
    });
  };
}
