import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN } from '../../src/server/config';
import { startServer, TEST_NODE_FLAGS, type RunningServer } from '../e2e/server-process';
import { teeImage } from '../../src/server/seed/images';

/**
 * The real server (src/server/index.ts) on an on-disk data directory: killed with SIGKILL in the
 * middle of a stream of writes, restarted, and checked for every write it had acknowledged; stopped
 * with SIGTERM while requests are in flight, and checked that each got its answer.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** PGlite on disk even when the suite runs with DATABASE_URL: the data directory is what is under test. */
const ON_DISK = { DATABASE_URL: '' };
// Three kills at random moments: each round checks the same promise, and a round costs a restart of the real
// server (4 s); every run kills at new moments, so the runs together cover far more of them than one run could.
const ROUNDS = 3;
const STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

async function api<T = any>(
  server: RunningServer,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function signIn(server: RunningServer): Promise<string> {
  const { body } = await api<{ token: string }>(server, 'POST', '/api/auth/login', undefined, DEFAULT_ADMIN);
  return body.token;
}

const coupon = (code: string) => ({
  code,
  discountType: 'flat',
  discountValue: 50,
  minOrderAmount: 0,
  expiresAt: '2031-01-01',
  isActive: true,
});
const banner = (name: string) => ({ name, title: `Banner ${name}`, image: '/uploads/banner.png', link: '/sale' });

/** What the server acknowledged (answered 2xx) before it died, and what it may have done without saying so. */
interface Ledger {
  coupons: Set<string>;
  bannersKept: Set<string>;
  bannersDeleted: Set<string>;
  /** Each order's acknowledged status, and the one in flight when the process died (it may have committed). */
  orderStatus: Map<string, { acked: string; inFlight?: string }>;
}

/** Sends writes until the server stops answering; every 2xx goes into the ledger. `onAck` hears of each lasting entry, by kind. */
async function writeUntilDead(
  server: RunningServer,
  token: string,
  round: number,
  ledger: Ledger,
  orderId: string,
  onAck: (kind: 'coupon' | 'banner' | 'status') => void,
): Promise<void> {
  const alive = { value: true };
  const guard = async <T>(request: Promise<T>) => {
    try {
      return await request;
    } catch {
      alive.value = false;
      return undefined;
    }
  };
  const couponWriter = async (writer: number) => {
    for (let i = 0; alive.value; i++) {
      const code = `R${round}W${writer}N${i}`;
      const response = await guard(api(server, 'POST', '/api/coupon/add', token, coupon(code)));
      if (response?.status === 201) {
        ledger.coupons.add(code);
        onAck('coupon');
      } else if (response) throw new Error(`coupon add answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
  };
  const bannerWriter = async () => {
    for (let i = 0; alive.value; i++) {
      const created = await guard(
        api<{ _id: string }>(server, 'POST', '/api/banners', token, banner(`r${round}-${i}`)),
      );
      if (!created) return;
      if (created.status !== 201)
        throw new Error(`banner add answered ${created.status}: ${JSON.stringify(created.body)}`);
      ledger.bannersKept.add(created.body._id);
      if (i % 2 === 1) {
        onAck('banner');
        continue;
      }
      const deleted = await guard(api(server, 'DELETE', `/api/banners/${created.body._id}`, token));
      // A delete cut off by the kill may or may not have committed: that banner is owed neither way.
      ledger.bannersKept.delete(created.body._id);
      if (deleted?.status === 200) {
        ledger.bannersDeleted.add(created.body._id);
        onAck('banner');
      } else if (deleted) throw new Error(`banner delete answered ${deleted.status}: ${JSON.stringify(deleted.body)}`);
    }
  };
  const statusWriter = async () => {
    for (let i = 0; alive.value; i++) {
      const entry = ledger.orderStatus.get(orderId)!;
      const next = STATUSES[(STATUSES.indexOf(entry.acked as (typeof STATUSES)[number]) + 1) % STATUSES.length]!;
      entry.inFlight = next;
      const response = await guard(api(server, 'PUT', `/api/order/update-status/${orderId}`, token, { status: next }));
      if (response?.status === 200) {
        ledger.orderStatus.set(orderId, { acked: next });
        onAck('status');
      }
    }
  };
  await Promise.all([couponWriter(1), couponWriter(2), bannerWriter(), statusWriter()]);
}

async function expectLedgerHolds(server: RunningServer, token: string, ledger: Ledger) {
  const coupons = new Set(
    (await api<{ coupons: { code: string }[] }>(server, 'GET', '/api/coupon/allcoupons', token)).body.coupons.map(
      (c) => c.code,
    ),
  );
  expect(
    [...ledger.coupons].filter((code) => !coupons.has(code)),
    'acknowledged coupons missing',
  ).toEqual([]);
  const banners = new Set((await api<{ _id: string }[]>(server, 'GET', '/api/banners', token)).body.map((b) => b._id));
  expect(
    [...ledger.bannersKept].filter((id) => !banners.has(id)),
    'acknowledged banners missing',
  ).toEqual([]);
  expect(
    [...ledger.bannersDeleted].filter((id) => banners.has(id)),
    'deleted banners back',
  ).toEqual([]);
  for (const [orderId, { acked, inFlight }] of ledger.orderStatus) {
    const { body } = await api<{ order: { status: string } }>(server, 'GET', `/api/order/order/${orderId}`, token);
    expect([acked, inFlight].filter(Boolean), `status of order ${orderId}`).toContain(body.order.status);
  }
}

const dataDirs: string[] = [];
const running: RunningServer[] = [];
afterAll(() => {
  for (const server of running)
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function launch(dataDir: string): Promise<RunningServer> {
  const server = await startServer({ dataDir, seedDemo: false, env: ON_DISK });
  running.push(server);
  return server;
}

describe('the real server on an on-disk store', () => {
  let store: { dataDir: string; server: RunningServer; token: string; orderId: string };
  beforeAll(async () => {
    // The status writer needs an order: a tiny store from the seed CLI (the server itself starts with SEED_DEMO off).
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
    dataDirs.push(dataDir);
    const seeding = spawn(
      process.execPath,
      [
        ...TEST_NODE_FLAGS,
        '--import',
        'tsx',
        'src/server/seed/cli.ts',
        '--orders',
        '3',
        '--products',
        '1',
        '--customers',
        '1',
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...ON_DISK, DATA_DIR: dataDir },
        stdio: 'ignore',
      },
    );
    const code = await new Promise<number | null>((resolve) => seeding.once('exit', resolve));
    expect(code).toBe(0);
    const server = await launch(dataDir);
    const token = await signIn(server);
    const orders = (
      await api<{ orders: { _id: string }[] }>(server, 'GET', '/api/order/all-orders?_start=0&_end=1', token)
    ).body.orders;
    store = { dataDir, server, token, orderId: orders[0]!._id };
  }, 120_000);

  it(`loses no acknowledged write over ${ROUNDS} rounds, and the data directory reopens cleanly each time`, async () => {
    const ledger: Ledger = {
      coupons: new Set(),
      bannersKept: new Set(),
      bannersDeleted: new Set(),
      orderStatus: new Map(),
    };
    const first = await api<{ order: { status: string } }>(
      store.server,
      'GET',
      `/api/order/order/${store.orderId}`,
      store.token,
    );
    ledger.orderStatus.set(store.orderId, { acked: first.body.order.status });
    let { server, token } = store;
    const killedAfter: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // At a random moment once the round has a lasting coupon and banner entry, so every round has
      // something of each kind to lose however slowly this machine writes today.
      const delay = Math.floor(Math.random() * 300);
      killedAfter.push(delay);
      const kinds = new Set<string>();
      let bothAcked!: () => void;
      const acked = new Promise<void>((resolve) => (bothAcked = resolve));
      const writing = writeUntilDead(server, token, round, ledger, store.orderId, (kind) => {
        kinds.add(kind);
        if (kinds.has('coupon') && kinds.has('banner')) bothAcked();
      });
      // A writer that fails (an unexpected answer) ends the wait with its error.
      await Promise.race([acked, writing]);
      await new Promise((resolve) => setTimeout(resolve, delay));
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      await writing;

      server = await launch(store.dataDir);
      token = await signIn(server);
      await expectLedgerHolds(server, token, ledger);
      expect(server.output(), `start after round ${round}`).not.toMatch(/\berror\b|panic|corrupt/i);
    }
    // Creates and deletes were acknowledged, so the checks above had something to find (kills came this many ms after each round's first coupon and banner).
    expect(ledger.coupons.size, `killed after ${killedAfter.join(', ')} ms`).toBeGreaterThan(0);
    expect(
      ledger.bannersKept.size + ledger.bannersDeleted.size,
      `killed after ${killedAfter.join(', ')} ms`,
    ).toBeGreaterThan(0);
    store.server = server;
    store.token = token;
  }, 180_000);

  it('stays up through malformed HTTP on the socket', async () => {
    const { server } = store;
    const { port } = new URL(server.baseURL);
    const garbage = [
      'GARBAGE\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\nzz\r\n',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
      Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]),
      'GET /api/health HTTP/1.1\r\nHost: x\r\n',
    ];
    await Promise.all(
      garbage.map(
        (bytes) =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(port), '127.0.0.1', () => socket.end(bytes));
            socket.on('data', () => {});
            socket.on('error', () => resolve());
            socket.on('close', () => resolve());
          }),
      ),
    );
    expect(server.child.exitCode).toBeNull();
    expect((await api(server, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('on SIGTERM answers the requests in flight, then exits 0 with the database closed cleanly', async () => {
    const { server, token } = store;
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    // Connections the server has already served once: a request on one is a request it is handling, not one in the listen backlog.
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, () =>
        slowRequest(agent, server, 'GET', '/api/health', undefined, Buffer.alloc(0)).finish(),
      ),
    );
    const image = teeImage('#f97316', 16);
    const requests = Array.from({ length: IN_FLIGHT }, (_, i) =>
      i % 2 === 0
        ? slowRequest(
            agent,
            server,
            'POST',
            '/api/coupon/add',
            { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            Buffer.from(JSON.stringify(coupon(`DRAIN${i}`))),
          )
        : slowRequest(
            agent,
            server,
            'POST',
            '/api/uploads',
            { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
            multipartImage(image),
          ),
    );
    // Half of every body is sent; the server has the headers and is waiting for the rest when the signal comes.
    await Promise.all(requests.map((r) => r.started));
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const outcomes = await Promise.all(requests.map((r) => r.finish()));
    agent.destroy();
    const exit = await server.exited;

    expect(outcomes.map((o) => o.status)).toEqual(requests.map((_, i) => (i % 2 === 0 ? 201 : 200)));
    expect(exit, server.output()).toEqual({ code: 0, signal: null });

    const restarted = await launch(store.dataDir);
    const again = await signIn(restarted);
    const codes = new Set(
      (await api<{ coupons: { code: string }[] }>(restarted, 'GET', '/api/coupon/allcoupons', again)).body.coupons.map(
        (c) => c.code,
      ),
    );
    expect(requests.map((_, i) => `DRAIN${i}`).filter((code, i) => i % 2 === 0 && !codes.has(code))).toEqual([]);
    for (const outcome of outcomes.filter((_, i) => i % 2 === 1)) {
      const served = await fetch(`${restarted.baseURL}${JSON.parse(outcome.body).secure_url}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    }
    expect(restarted.output()).not.toMatch(/\berror\b|panic|corrupt/i);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});

const IN_FLIGHT = 6;
const BOUNDARY = '----drain-boundary';
const multipartImage = (image: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="tee.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** A request that sends its headers and the first half of its body now, and the rest when finished. */
function slowRequest(
  agent: http.Agent,
  server: RunningServer,
  method: string,
  path: string,
  headers: Record<string, string> | undefined,
  body: Buffer,
) {
  const { port } = new URL(server.baseURL);
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const request = http.request({
    agent,
    host: '127.0.0.1',
    port,
    method,
    path,
    headers: { ...headers, 'content-length': String(body.length) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half), () => started());
  if (body.length === 0) started();
  return {
    started: startedPromise,
    finish: () => {
      request.end(body.subarray(half));
      return response;
    },
  };
}
