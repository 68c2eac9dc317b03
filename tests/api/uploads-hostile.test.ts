import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/domain';
import { teeImage } from '../../src/server/seed/images';
import { startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const BOUNDARY = '----hostile-upload-boundary';
type Part = { name: string; filename?: string; type?: string; content: Buffer | string };
function multipart(parts: Part[], { close = true } = {}): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}\r\n` +
        (part.type ? `Content-Type: ${part.type}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(close ? `--${BOUNDARY}--\r\n` : '')]);
}

const upload = (payload: Buffer | string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': contentType },
    payload,
  });

const stored = () => readdirSync(t.uploadsDir).sort();
const png = () => teeImage('#0ea5e9', 8);

/** The upload is refused with `status` and a message naming the file field, and no file appears. */
async function expectRefused(payload: Buffer | string, status: number, message: RegExp, contentType?: string) {
  const before = stored();
  const response = await upload(payload, contentType);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toMatch(message);
  expect(stored()).toEqual(before);
}

describe('uploads that must be refused, storing nothing', () => {
  it.each([
    ['HTML named .png', '<html><script>alert(document.cookie)</script></html>'],
    [
      'an SVG with a script, named .png',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    ],
    ['a PDF named .png', '%PDF-1.7\n1 0 obj<<>>endobj'],
    ['a ZIP named .png', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
    ['an executable named .png', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
    ['half a PNG signature', png().subarray(0, 4)],
  ])('%s', async (_, content) => {
    await expectRefused(
      multipart([{ name: 'file', filename: 'photo.png', type: 'image/png', content }]),
      400,
      /^file: only PNG, JPEG, GIF or WebP/,
    );
  });

  it('an SVG sent as image/svg+xml', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/auth/users")</script></svg>';
    await expectRefused(
      multipart([{ name: 'file', filename: 'logo.svg', type: 'image/svg+xml', content: svg }]),
      400,
      /^file: only PNG, JPEG, GIF or WebP/,
    );
  });

  it('a zero-byte file', async () => {
    await expectRefused(
      multipart([{ name: 'file', filename: 'empty.png', type: 'image/png', content: Buffer.alloc(0) }]),
      400,
      /^file: the file is empty/,
    );
  });

  it('an image one byte over the limit, with no partial file left behind', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png().length)]);
    await expectRefused(
      multipart([{ name: 'file', filename: 'big.png', type: 'image/png', content: big }]),
      413,
      /^file: an image may be at most 5 MB/,
    );
  });

  it('several images in one request, even when each is fine', async () => {
    const parts = Array.from({ length: 5 }, (_, i) => ({
      name: 'file',
      filename: `tee-${i}.png`,
      type: 'image/png',
      content: png(),
    }));
    await expectRefused(multipart(parts), 400, /^file: send one image per request/);
  });

  it('an image in another field than "file"', async () => {
    await expectRefused(
      multipart([{ name: 'image', filename: 'tee.png', type: 'image/png', content: png() }]),
      400,
      /^file: send the image in the field "file"/,
    );
  });

  it('a form with no file', async () => {
    await expectRefused(
      multipart([{ name: 'upload_preset', content: 'store' }]),
      400,
      /^file: an image file is required/,
    );
  });

  it('a form flooding fields', async () => {
    const fields = Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, content: 'x' }));
    await expectRefused(
      multipart([...fields, { name: 'file', filename: 'tee.png', type: 'image/png', content: png() }]),
      400,
      /^file: too many form fields/,
    );
  });

  it('a multipart body cut off before its end', async () => {
    const cut = multipart([{ name: 'file', filename: 'tee.png', type: 'image/png', content: png() }], { close: false });
    await expectRefused(cut, 400, /^file: /);
  });

  it('multipart without a boundary, or not multipart at all', async () => {
    await expectRefused('garbage', 400, /^file: /, 'multipart/form-data');
    await expectRefused(png(), 415, /./, 'image/png');
    await expectRefused(
      JSON.stringify({ file: png().toString('base64') }),
      400,
      /^file: send the image as multipart\/form-data/,
      'application/json',
    );
  });
});

describe('uploads that are fine', () => {
  it('keep only a generated name: a path in the sent file name goes nowhere', async () => {
    const response = await upload(
      multipart([{ name: 'file', filename: '../../../etc/cron.d/evil.png', type: 'image/png', content: png() }]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().secure_url).toMatch(/^\/uploads\/[a-z0-9]+-[a-f0-9]{16}\.png$/);
  });

  it('many at once: each valid one is stored under its own name, each invalid one refused', async () => {
    const before = stored().length;
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        upload(
          multipart([
            {
              name: 'file',
              filename: `batch-${i}.png`,
              type: 'image/png',
              content: i % 3 === 0 ? '<svg onload=alert(1)>' : teeImage(`#0000${String(i).padStart(2, '0')}`, 8),
            },
          ]),
        ),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(16);
    expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(8);
    expect(new Set(ok.map((r) => r.json().secure_url)).size).toBe(16);
    expect(stored().length).toBe(before + 16);
  });
});

describe('generated files', () => {
  const MAGIC = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0xff, 0xd8, 0xff]),
    Buffer.from('GIF89a'),
    Buffer.from('RIFF\0\0\0\0WEBP'),
  ];
  const content = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc
      .tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 100 }))
      .map(([magic, rest]) => Buffer.concat([magic, Buffer.from(rest)])),
  );
  const name = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('a.png', '.htaccess', 'x.php.png', 'a"b.png', '%00.png', 'CON', '../x.png'),
  );
  const type = fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', undefined);

  it('are stored exactly when they are one of the four image types, and the rest leave nothing behind', async () => {
    await fc.assert(
      fc.asyncProperty(content, name, type, async (bytes, filename, contentType) => {
        const before = stored();
        const response = await upload(
          multipart([{ name: 'file', filename: filename.replace(/["\r\n]/g, ''), type: contentType, content: bytes }]),
        );
        const isImage = MAGIC.some((magic, i) =>
          i === 3
            ? bytes.subarray(0, 4).equals(magic.subarray(0, 4)) && bytes.subarray(8, 12).equals(magic.subarray(8, 12))
            : bytes.subarray(0, magic.length).equals(magic),
        );
        if (isImage) {
          expect(response.statusCode, response.body).toBe(200);
          expect(stored().length).toBe(before.length + 1);
        } else {
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().message).toMatch(/^file: /);
          expect(stored()).toEqual(before);
        }
      }),
      { numRuns: 150 },
    );
  });
});
