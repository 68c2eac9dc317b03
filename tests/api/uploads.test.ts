import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/domain';
import { teeImage } from '../../src/server/seed/images';
import { startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const BOUNDARY = '----apparel-test-boundary';
function multipart(parts: { name: string; filename?: string; type?: string; content: Buffer | string }[]): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n` +
        (part.type ? `Content-Type: ${part.type}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

const upload = (payload: Buffer, token = t.adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });

describe('POST /api/uploads', () => {
  it('stores an image and answers {secure_url}, served back under /uploads/', async () => {
    const image = teeImage('#22c55e', 32);
    const response = await upload(
      multipart([
        { name: 'upload_preset', content: 'store' },
        { name: 'file', filename: 'tee.png', type: 'image/png', content: image },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const { secure_url } = response.json();
    expect(secure_url).toMatch(/^\/uploads\/[\w-]+\.png$/);
    const served = await t.call('GET', secure_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('names the file by its content, not by the name it was sent with', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const response = await upload(
      multipart([{ name: 'file', filename: 'photo.png', type: 'image/png', content: jpeg }]),
    );
    expect(response.json().secure_url).toMatch(/\.jpg$/);
  });

  it('refuses a file that is not an image, whatever its name and type', async () => {
    const response = await upload(
      multipart([{ name: 'file', filename: 'evil.png', type: 'image/png', content: '<svg onload="alert(1)"></svg>' }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^file: /);
  });

  it('takes an image of 4 MB (multipart is not held to the JSON body limit)', async () => {
    const large = Buffer.concat([teeImage('#000000', 8), Buffer.alloc(4 * 1024 * 1024)]);
    const response = await upload(
      multipart([{ name: 'file', filename: 'large.png', type: 'image/png', content: large }]),
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([teeImage('#000000', 8), Buffer.alloc(UPLOAD_MAX_BYTES + 10)]);
    const response = await upload(multipart([{ name: 'file', filename: 'big.png', type: 'image/png', content: big }]));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/^file: /);
  });

  it('answers 400 when no file is sent', async () => {
    const response = await upload(multipart([{ name: 'upload_preset', content: 'store' }]));
    expect(response.statusCode).toBe(400);
    const json = await t.call('POST', '/api/uploads', { token: t.adminToken, body: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('needs an admin', async () => {
    const payload = multipart([
      { name: 'file', filename: 'tee.png', type: 'image/png', content: teeImage('#000000', 8) },
    ]);
    expect((await upload(payload, t.customerToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
