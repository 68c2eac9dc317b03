import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../domain';
import { HttpError } from '../errors';

/** File signatures of the image types the store accepts; the name and the declared type are not trusted. */
const SIGNATURES: { ext: string; matches: (b: Buffer) => boolean }[] = [
  { ext: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { ext: 'webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function imageExtension(content: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.matches(content))?.ext;
}

const MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;

/** Answers like the third-party image host the spec names ({secure_url}); the optional upload_preset is accepted and unused. */
export function uploadRoutes(uploadsDir: string): FastifyPluginAsync {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

    app.post('/', async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, 'file: send the image as multipart/form-data');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new HttpError(400, 'file: an image file is required');
      const content = await file.toBuffer().catch((error: unknown) => {
        if (file.file.truncated) throw new HttpError(413, `file: an image may be at most ${MAX_MB} MB`);
        throw error;
      });
      const ext = imageExtension(content);
      if (!ext) throw new HttpError(400, 'file: only PNG, JPEG, GIF or WebP images are accepted');
      const name = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${ext}`;
      await writeFile(join(uploadsDir, name), content, { flag: 'wx' });
      return { secure_url: `/uploads/${name}` };
    });
  };
}
