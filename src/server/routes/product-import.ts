import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { IMPORT_MAX_BYTES, productImportsContract } from '../../domain';
import { z } from 'zod';
import { access, accessTo } from '../auth/guard';
import type { Db } from '../db/client';
import { parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { whoOf } from '../services/audit';
import { commitImport, importListSpec, listImports, previewImport, undoImport } from '../services/product-import';
import { listReply } from './list-reply';
import { readSingleFile, type SingleFile } from './uploads';

const CSV: SingleFile = { noun: 'CSV', article: 'a', maxBytes: IMPORT_MAX_BYTES };
const { preview, commit, undo } = productImportsContract.calls!;
const commitQuerySchema = z.object({
  skipErrors: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/**
 * The catalogue import (services/product-import.ts), under the products' base: POST /import reads a CSV
 * file and answers its dry run; POST /import/:id/commit applies it, POST /import/:id/undo puts it back;
 * GET /imports lists them.
 */
export function productImportRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 } });

    app.post(preview!.path, accessTo(productImportsContract, 'create'), async (request) => {
      const file = await readSingleFile(request, CSV);
      return previewImport(db, whoOf(request), file.name, file.content);
    });

    app.post(commit!.path, accessTo(productImportsContract, 'create'), async (request) => {
      const { skipErrors } = parseInput(commitQuerySchema, request.query);
      const applied = await commitImport(db, parseId(request.params), skipErrors === 'true', whoOf(request));
      return { success: true, message: 'Import applied', ...applied };
    });

    app.post(undo!.path, accessTo(productImportsContract, 'create'), async (request) => {
      await undoImport(db, parseId(request.params), whoOf(request));
      return { success: true, message: 'Import undone' };
    });

    app.get(productImportsContract.routes.list!.path, access('read'), async (request, reply) => {
      const list = parseListQuery(request.query, importListSpec);
      const { imports, total } = await listImports(db, list);
      return listReply(reply, list, total, { success: true, imports });
    });
  };
}
