import { randomBytes } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../domain';
import { access } from '../auth/guard';
import { HttpError } from '../errors';
import type { Db } from '../db/client';
import { audit, whoOf } from '../services/audit';

/** File signatures of the image types the store accepts; the name and the declared type are not trusted. */
const SIGNATURES: { ext: string; matches: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function imageExtension(content: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.matches(content))?.ext;
}

/** What a route takes in its multipart "file" field, for the messages ('an image', 'a CSV'), and how large it may be. */
export interface SingleFile {
  noun: string;
  article: 'a' | 'an';
  maxBytes: number;
}

/** The multipart parser's own errors, in words an admin can act on, each naming the field. */
function uploadProblem(error: unknown, { noun, article, maxBytes }: SingleFile): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, `file: ${article} ${noun} may be at most ${maxBytes / 1024 / 1024} MB`);
    case 'FST_FILES_LIMIT':
      return new HttpError(400, `file: send one ${noun} per request`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, `file: too many form fields; send the ${noun} as "file"`);
    default:
      return new HttpError(400, 'file: the upload is not well-formed multipart/form-data');
  }
}

/** The one file of the request's "file" field, read whole, and its name; anything else in the form is refused before a byte is kept. */
export async function readSingleFile(
  request: FastifyRequest,
  file: SingleFile,
): Promise<{ content: Buffer; name: string }> {
  if (!request.isMultipart()) throw new HttpError(400, `file: send the ${file.noun} as multipart/form-data`);
  let found: { content: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw new HttpError(400, `file: send the ${file.noun} in the field "file"`);
      found = { content: await part.toBuffer(), name: part.filename };
    }
  } catch (error) {
    throw uploadProblem(error, file);
  }
  if (!found) throw new HttpError(400, `file: ${file.article} ${file.noun} file is required`);
  if (found.content.length === 0) throw new HttpError(400, 'file: the file is empty');
  return found;
}

const IMAGE: SingleFile = { noun: 'image', article: 'an', maxBytes: UPLOAD_MAX_BYTES };

/** Answers like the third-party image host the spec names ({secure_url}); the optional upload_preset is accepted and unused. */
export function uploadRoutes(db: Db, uploadsDir: string): FastifyPluginAsync {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12 } });

    app.post('/', access('write'), async (request) => {
      const { content } = await readSingleFile(request, IMAGE);
      const ext = imageExtension(content);
      if (!ext) throw new HttpError(400, 'file: only PNG, JPEG, GIF or WebP images are accepted');
      const path = join(uploadsDir, `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${ext}`);
      const name = path.slice(uploadsDir.length + 1);
      // A failed write (disk full), or an upload the audit log could not record, leaves no image behind for /uploads to serve.
      await writeFile(path, content, { flag: 'wx' })
        .then(() =>
          audit(db, whoOf(request), [
            { action: 'upload', resource: 'uploads', recordId: name, label: name, note: `${content.length} bytes` },
          ]),
        )
        .catch(async (error: unknown) => {
          await unlink(path).catch(() => {});
          throw error;
        });
      return { secure_url: `/uploads/${name}` };
    });
  };
}
