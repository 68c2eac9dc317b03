import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { IMPORT_MAX_BYTES, productImportsContract } from '../../domain';
import { accessTo } from '../auth/guard';
import type { Db } from '../db/client';
import { whoOf } from '../services/audit';
import { previewImport } from '../services/product-import';
import { readSingleFile, type SingleFile } from './uploads';

const CSV: SingleFile = { noun: 'CSV', article: 'a', maxBytes: IMPORT_MAX_BYTES };
const { preview } = productImportsContract.calls!;

/**
 * The catalogue import (services/product-import.ts), under the products' base: POST /import reads a CSV
 * file and answers its dry run.
 */
export function productImportRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 } });

    app.post(preview!.path, accessTo(productImportsContract, 'create'), async (request) => {
      const file = await readSingleFile(request, CSV);
      return previewImport(db, whoOf(request), file.name, file.content);
    });
  };
}
