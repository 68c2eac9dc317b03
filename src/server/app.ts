import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type HTTPMethods,
} from 'fastify';
import { accessGuard, type RouteAccess } from './auth/guard';
import { LoginLimiter } from './auth/login-limiter';
import { startUpkeep, type Upkeep } from './db/upkeep';
import { tokenSigner } from './auth/tokens';
import { DEFAULT_TRASH_DAYS, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { HttpError, assertStorableText, databaseErrorCode } from './errors';
import type { ServerResource } from './resource-routes';
import { serverResources } from './resources';
import {
  AUTH_BASE,
  DEFAULT_LOW_STOCK_AT,
  UPLOADS_URL,
  auditContract,
  ordersContract,
  trashContract,
  productsContract,
  productImportsContract,
  stockContract,
  stockMovementsContract,
} from '../domain';
import { returnsContract } from '../domain/returns';
import { auditRoutes, type Restorable } from './routes/audit';
import { trashRoutes } from './routes/trash';
import { stockRoutes } from './routes/stock';
import { returnRoutes } from './routes/returns';
import { eventRoutes } from './routes/events';
import { notificationRoutes } from './routes/notifications';
import { pruneNotifications } from './services/notifications';
import { LiveHub } from './live';
import { purgeOldTrash, type Trashable } from './services/trash';
import { trashableProducts } from './services/products';
import { authRoutes } from './routes/auth';
import { healthRoute } from './routes/health';
import { orderRoutes } from './routes/order';
import { productRoutes, restorableProducts } from './routes/product';
import { productImportRoutes } from './routes/product-import';
import { uploadRoutes } from './routes/uploads';
import { DEFAULT_HEAVY_REQUESTS, HeavyRequests } from './heavy-requests';
import { DEFAULT_READ_CACHE, readCache, trackVersions } from './read-cache';
import { securityHeaders } from './security-headers';
import { prepareStore, type AdminAccount } from './seed/prepare';
import { sessionReader } from './services/sessions';
import { pruneAudit, recordAudit } from './services/audit';
import { stockShortage, useLowStockAt } from './services/stock';
import type { Db } from './db/client';

export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  /** Who may call it (every /api route says; the static files are public). */
  access: RouteAccess;
  /** The read cache may answer it (read-cache.ts). */
  cache: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, as registered: the authorisation test checks each one is classified. */
    registeredRoutes: readonly RegisteredRoute[];
    /** What the start found of the first admin (ADMIN_EMAIL), for the start message. */
    adminAccount: AdminAccount;
    /** The database the app opened (and closes with itself), for tests that look at it directly. */
    database: Database;
  }
}

/** Large enough for a blog article with its HTML; images go through the upload call, not JSON. */
const BODY_LIMIT = 1024 * 1024;
/** A request still incomplete after this long (a client trickling bytes) is cut off instead of holding a socket. */
const REQUEST_TIMEOUT_MS = 60_000;

/** How long browsers keep the console: a file named by its content's hash for a year, never revalidated;
 * a page (index.html, under whatever console route) checked at each visit, as it names the build's files. */
const CONSOLE_CACHE = { hashedFile: 'public, max-age=31536000, immutable', page: 'no-cache' } as const;

const CONSOLE_MISSING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apparel Admin</title></head>
<body><h1>The console is not built yet</h1><p>Run <code>npm run build</code> (or start with <code>npm start</code>, which builds it), then reload.</p>
<p>The API is running under <code>/api</code>.</p></body></html>`;

/** The embedded store's VACUUM ANALYZE (db/upkeep.ts) learns from the requests when it is idle and what was written. */
function keepUp(app: FastifyInstance, upkeep: Upkeep): void {
  app.addHook('onRequest', async () => upkeep.busy());
  app.addHook('onResponse', async (request, reply) => {
    upkeep.busy();
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) upkeep.wrote();
  });
}

/** How often the retention upkeep runs (and once at the start). */
const RETENTION_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The retention upkeep: the audit log's rows past AUDIT_RETENTION_DAYS (none when it keeps every row,
 * services/audit.ts), the trash's records past TRASH_RETENTION_DAYS (services/trash.ts) and the bell's
 * notifications past NOTIFICATION_KEEP_DAYS (services/notifications.ts) go for good.
 */
function keepRetention(db: Db, config: ServerConfig, log: FastifyBaseLogger): NodeJS.Timeout {
  const run = async () => {
    await pruneAudit(db, config.auditRetentionDays ?? null);
    await purgeOldTrash(db, config.trashRetentionDays ?? DEFAULT_TRASH_DAYS);
    await pruneNotifications(db);
  };
  const upkeep = () => run().catch((error: unknown) => log.error({ err: error }, 'retention upkeep failed'));
  void upkeep();
  const timer = setInterval(upkeep, RETENTION_EVERY_MS);
  timer.unref();
  return timer;
}

/**
 * Fastify's trustProxy for ServerConfig's: hops as a test of the hop, and `true` as one hop, where
 * Fastify's own `true` would take the left-most X-Forwarded-For entry, which the client writes.
 */
function proxyTrust(setting: ServerConfig['trustProxy']): string | false | ((address: string, hop: number) => boolean) {
  if (setting === true || typeof setting === 'number') {
    const hops = setting === true ? 1 : setting;
    return (_address, hop) => hop < hops;
  }
  return setting ?? false;
}

export interface BuildOptions {
  /** The declared resources to serve (default serverResources; tests add their own). */
  resources?: readonly ServerResource[];
  /**
   * A database already opened (and so migrated) on `config.database`'s kind of store, used instead of
   * opening one; the app prepares it and closes it with itself. The tests hand their apps stores they keep.
   */
  database?: Database;
}

/**
 * The store API and the console's static files. Opens (and migrates) the database, makes sure the
 * admin exists and, when asked, fills an empty store with demo data. Closing the app closes the database.
 */
export async function buildApp(
  config: ServerConfig,
  { resources = serverResources, database: opened }: BuildOptions = {},
): Promise<FastifyInstance> {
  const database = opened ?? (await openDatabase(config.database));
  const ownTables = resources.map((resource) => resource.table);
  mkdirSync(config.uploadsDir, { recursive: true });
  let adminAccount: AdminAccount;
  try {
    adminAccount = await database.exclusive(async () => {
      await trackVersions(database, ownTables);
      return prepareStore(database, config);
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const headers = securityHeaders(config.extraConnectSources);
  const app = Fastify({
    logger: { level: config.logLevel },
    // Behind a reverse proxy request.ip (which the sign-in limiter keys on) is the client's, from X-Forwarded-For.
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    // Unique across processes and restarts: the audit log ties each change to its request by it.
    genReqId: () => randomUUID(),
    requestTimeout: REQUEST_TIMEOUT_MS,
    // A malformed URL is answered before any hook runs, so it gets the headers and the {message} shape here.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply)
        .headers(headers)
        .header('Cache-Control', 'no-store')
        .code(error.statusCode ?? 400)
        .send({ message: error.message });
    },
  });
  const db = database.db;
  const upkeep = config.database.kind === 'pglite' ? startUpkeep(database, config.upkeep) : undefined;
  const retention = keepRetention(db, config, app.log);
  recordAudit(config.audit !== false);
  useLowStockAt(config.lowStockAt ?? DEFAULT_LOW_STOCK_AT);
  if (config.audit === false)
    app.log.warn('AUDIT_LOG=off: no change is recorded in the audit log (for benchmarks only)');
  app.addHook('onClose', async () => {
    clearInterval(retention);
    await upkeep?.stop();
    await database.close();
  });
  if (upkeep) keepUp(app, upkeep);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tokenClaims', null);
  app.decorateRequest('dataVersions', null);
  readCache(app, config.readCache ?? DEFAULT_READ_CACHE, ownTables);
  app.decorate('heavyRequests', new HeavyRequests(config.heavyRequests ?? DEFAULT_HEAVY_REQUESTS));
  const tokens = tokenSigner(config.jwtSecret, config.tokenTtl);
  const guardFor = accessGuard(sessionReader(database), tokens);
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.decorate('adminAccount', adminAccount);
  app.decorate('database', database);
  // Every API route says who may call it, or the server does not start: a route added without thought is never open by accident.
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    if (!declared && /^\/api(\/|$)/.test(route.url))
      throw new Error(`${String(route.method)} ${route.url} declares no access (config.access, see auth/guard.ts)`);
    const level = declared ?? 'public';
    const guard = guardFor(level);
    if (guard) route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
    for (const method of [route.method].flat())
      routes.push({
        method: method as HTTPMethods,
        url: route.url,
        access: level,
        cache: route.config?.cache ?? false,
      });
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // API answers hold store data and session details: no browser or proxy cache keeps them.
    if (request.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
  });
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params, 'params');
    assertStorableText(request.query, 'query');
    assertStorableText(request.body, 'body');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ message: error.message, ...error.details });
    // A SKU short of the units a write needed (services/stock.ts): the write was rolled back whole.
    const shortage = stockShortage(error);
    if (shortage) return reply.code(409).send(shortage);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    // Defence in depth: a value the validation let through but the database refused is still the caller's mistake.
    const sqlState = databaseErrorCode(error);
    // (SQLSTATE 23505 is a duplicate, 23503 a row still referenced; the rest of classes 22 and 23 are values the schema refuses.)
    if (sqlState === '23505' || sqlState === '23503')
      return reply.code(409).send({ message: 'This conflicts with existing data' });
    if (sqlState?.startsWith('22') || sqlState?.startsWith('23'))
      return reply.code(400).send({ message: 'Invalid input: a value is out of range or not valid for its field' });
    request.log.error(error);
    return reply.code(500).send({ message: 'Internal server error' });
  });

  const indexHtml = join(config.staticDir, 'index.html');
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isConsolePage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|uploads)(\/|$)/.test(path);
    if (!isConsolePage) return reply.code(404).send({ message: `Route ${request.method} ${path} not found` });
    // The console routes in the browser: every other page it owns starts from index.html.
    const page = existsSync(indexHtml) ? await readFile(indexHtml, 'utf8') : CONSOLE_MISSING_PAGE;
    return reply.header('Cache-Control', CONSOLE_CACHE.page).type('text/html; charset=utf-8').send(page);
  });

  const limiter = new LoginLimiter(db, config.loginLimit);

  await app.register(healthRoute);
  const contracts = [
    productsContract,
    ordersContract,
    auditContract,
    trashContract,
    stockContract,
    stockMovementsContract,
    returnsContract,
    productImportsContract,
    ...resources.map((resource) => resource.contract),
  ];
  const resourceAccess = Object.fromEntries(contracts.map((contract) => [contract.name, contract.access]));
  await app.register(authRoutes(db, tokens, limiter, config.storefrontUrl ?? null, resourceAccess), {
    prefix: AUTH_BASE,
  });
  await app.register(productRoutes(db), { prefix: productsContract.base });
  await app.register(productImportRoutes(db), { prefix: productImportsContract.base });
  await app.register(orderRoutes(db), { prefix: ordersContract.base });
  await app.register(stockRoutes(db), { prefix: stockContract.base });
  await app.register(returnRoutes(db), { prefix: returnsContract.base });
  // The live stream: what every process's writes announce, to each session that may read it.
  const readAccess = (resource: string) => resourceAccess[resource]?.read ?? 'team';
  const hub = new LiveHub(readAccess);
  await hub.start(database);
  app.addHook('onClose', () => hub.close());
  await app.register(eventRoutes(database, hub));
  await app.register(notificationRoutes(database, readAccess));
  for (const resource of resources) await app.register(resource.plugin(db), { prefix: resource.base });
  await app.register(uploadRoutes(db, config.uploadsDir), { prefix: UPLOADS_URL });
  // What the audit log's Restore can write back: products, and the declared resources that allow it.
  const restorables = {
    [productsContract.name]: restorableProducts,
    ...Object.fromEntries(resources.flatMap((resource) => (resource.restore ? [[resource.name, resource]] : []))),
  } as Record<string, Restorable>;
  await app.register(auditRoutes(db, restorables), { prefix: auditContract.base });
  // What the trash keeps: products, and the declared resources whose deletes are not final.
  const trashables = {
    [productsContract.name]: trashableProducts,
    ...Object.fromEntries(resources.flatMap((resource) => (resource.trash ? [[resource.name, resource.trash]] : []))),
  } as Record<string, Trashable>;
  await app.register(trashRoutes(db, trashables, config.trashRetentionDays ?? DEFAULT_TRASH_DAYS), {
    prefix: trashContract.base,
  });

  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
  });
  if (existsSync(config.staticDir)) {
    // The build writes .br and .gz copies of its scripts and styles (vite.config.ts): sent as the browser accepts.
    // A route for each file of the build, listed once here (a new build is served from the next start): a
    // wildcard route reads every folder on a file's path at each request to check the path's spelling,
    // which cost about a third of the CPU of sending a script.
    // The build names each file under assets/ by a hash of its content, so a browser keeps it for good and
    // never asks again (the 70-odd scripts of a screen otherwise came back to the server on every load,
    // each for a "not modified"); a new build's index.html, asked afresh each time, names new files.
    const hashedAssets = join(config.staticDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      decorateReply: false,
      index: ['index.html'],
      wildcard: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      preCompressed: true,
      setHeaders: (reply, path) =>
        reply.header('Cache-Control', path.startsWith(hashedAssets) ? CONSOLE_CACHE.hashedFile : CONSOLE_CACHE.page),
    });
  }
  return app;
}
