import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import type { ResourceContract } from '../../src/domain/contract';
import type { ConsoleEntry, PageDeclaration, ResourceDeclaration } from '../../src/app/declaration';
import { REPO_ROOT, type E2EContext } from './context';
import { startServer } from './server-process';
import { databaseUrl } from '../api/store';

export const ADMIN = { email: 'admin@example.com', password: 'admin123' } as const;
/**
 * A screen that asks the server for nothing and draws no chart (the Settings placeholder):
 * where a test that only needs the console open signs in, rather than the dashboard, whose charts and
 * summary cost the 2-core machine about half a second each time.
 */
export const QUIET_SCREEN = '/settings';
/** The demo seed's first customer (src/server/seed/generate.ts). */
export const CUSTOMER = { email: 'customer@example.com', password: 'customer123' } as const;

/**
 * Waits until a field shows `value`. A form fills, resets or tidies a field in the render after the
 * action that caused it, so a value read at once can still be the old one.
 */
export const fieldShows = (field: Locator, value: string) =>
  expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(value);

/**
 * Holds the page's requests to `url` (an API call, a lazily loaded chunk) until released, so what shows in the
 * meantime can be seen; every request then reaches the real server.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

let prepared: { setup: string; context: Promise<E2EContext> } | undefined;
/** The run's shared parts, waited for once per worker (the global setup prepares them beside the API files). */
function e2eContext(): Promise<E2EContext> {
  const setup = inject('e2eSetup');
  if (prepared?.setup !== setup)
    prepared = {
      setup,
      context: fetch(setup).then(async (response) => {
        if (!response.ok) throw new Error(await response.text());
        return (await response.json()) as E2EContext;
      }),
    };
  return prepared.context;
}

export interface ConsoleHarness {
  /** The server's address (the first process's); pages opened by newPage() resolve relative URLs against it. */
  readonly baseURL: string;
  /**
   * A page in a browser context of its own (its own storage), on the given process (0 first): a new one,
   * or one an earlier test of the file used, reset as `keptPage` says.
   */
  newPage: (process?: number) => Promise<Page>;
  /**
   * Signs in `as` someone (the demo admin by default) and opens `at` (the dashboard by default), waiting
   * for the console's frame. auth.test.ts drives the sign-in screen itself; every other test gets its
   * session from the store API, as the screen would, and starts on the screen it is about. `at: null`
   * opens no screen, for a test that prepares records through the API before it looks.
   */
  signIn: (page: Page, options?: { as?: { email: string; password: string }; at?: string | null }) => Promise<void>;
  /**
   * A call to the store API outside the browser (preparing records a test then looks at): its status and
   * JSON, whose shape each test reads as its own.
   */
  api: (method: string, path: string, token?: string, body?: unknown) => Promise<{ status: number; body: any }>;
  /** A session token for `who`, from the sign-in call. */
  signInApi: (who: { email: string; password: string }) => Promise<string>;
}

/**
 * Several server processes on one new database of the PostgreSQL server E2E_DATABASE_URL names (not
 * DATABASE_URL, which every other test server would inherit), sharing
 * JWT_SECRET as a deployment behind a load balancer does: the first prepares (and seeds) the store alone,
 * the others join it. Stops them and drops the database when asked.
 */
async function startProcesses(e2e: E2EContext, count: number, seedDemo: boolean) {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) throw new Error('Several server processes need a PostgreSQL server: set E2E_DATABASE_URL');
  const name = `apparel_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const env = { DATABASE_URL: databaseUrl(serverUrl, name), JWT_SECRET: randomBytes(32).toString('hex') };
  const start = (seed: boolean) =>
    startServer({ dataDir: mkdtempSync(join(e2e.runDir, 'process-')), staticDir: e2e.staticDir, seedDemo: seed, env });
  const first = await start(seedDemo);
  const servers = [first, ...(await Promise.all(Array.from({ length: count - 1 }, () => start(false))))];
  return {
    servers,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** How every test page starts: the desktop size, and motion reduced (useConsoleHarness's newPage says why). */
const PAGE_START = { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' } as const;

/** What a test adds to every document of a page or context: scripts, functions, recorded answers. */
const ADDED_CODE = ['addInitScript', 'exposeBinding', 'exposeFunction', 'routeFromHAR', 'routeWebSocket'];
/**
 * What a test can do to a page or its context that no reset undoes (init scripts, exposed functions, a
 * faked clock, permissions, headers, offline): a page where one of these was called is closed after its test.
 */
const LASTING_CHANGES = {
  page: ADDED_CODE,
  context: [
    ...ADDED_CODE,
    'grantPermissions',
    'setGeolocation',
    'setExtraHTTPHeaders',
    'setHTTPCredentials',
    'setOffline',
  ],
  clock: ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'],
};

/** A page's events, but 'close' and 'crash': Playwright's own listeners for those end the page's pending calls. */
const TEST_EVENTS = [
  'console',
  'dialog',
  'domcontentloaded',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
];

/** Calls `noticed` whenever one of `methods` of `target` is called (before the call). */
function watchCalls(target: object, methods: string[], noticed: () => void) {
  const methodsOf = target as Record<string, unknown>;
  for (const name of methods) {
    const method = methodsOf[name];
    if (typeof method !== 'function') continue;
    methodsOf[name] = (...args: unknown[]) => {
      noticed();
      return method.apply(target, args);
    };
  }
}

/**
 * Brings a page a test used back to how a new one starts, for the file's next test: no listener, route,
 * cookie or stored session; the desktop size and media; the console unloaded (its streams and timers
 * end) by a page of the origin that loads none, where the origin's storage is cleared. What stays is
 * the renderer process with what it has compiled and cached of the console's build (hashed files, the
 * same for every test), as in a staff member's browser: a new context instead would cost the 2-core
 * machine about 0.6 CPU-seconds more per test, Chromium starting a renderer and compiling the console again.
 * False when the page could not be put back.
 */
async function keptPage(page: Page): Promise<boolean> {
  try {
    await resetPage(page);
    return true;
  } catch {
    // Closed or crashed by its test: closed with its context instead.
    return false;
  }
}

async function resetPage(page: Page) {
  for (const event of TEST_EVENTS) page.removeAllListeners(event);
  const context = page.context();
  await Promise.all([
    page.unrouteAll({ behavior: 'ignoreErrors' }),
    context.unrouteAll({ behavior: 'ignoreErrors' }),
    context.clearCookies(),
  ]);
  await page.setViewportSize(PAGE_START.viewport);
  await page.emulateMedia({
    media: null,
    colorScheme: 'light',
    reducedMotion: PAGE_START.reducedMotion,
    forcedColors: 'none',
    contrast: 'no-preference',
  });
  // Where axe.ts parks the pointer: over nothing that opens on hover.
  await page.mouse.move(0, 0);
  await page.goto(ORIGIN_PAGE);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** A page of the server's origin that loads no console: where a session is written or storage cleared. */
const ORIGIN_PAGE = '/api/health';

/**
 * For one e2e test file: starts the real server on a free port over its own copy of the demo store
 * (or an empty store), connects to the run's Chromium, and after the file stops the server and
 * closes the connection with the contexts it opened. Call it at the top level of the file.
 *
 * `readOnly`: the file changes nothing in the store (it reads and signs in), so it uses the run's
 * server on its own copy of that store (global-setup.ts), shared with the other such files, rather
 * than starting one. A file that adds, edits, deletes or fails a sign-in must not say so: another file
 * would see its changes.
 *
 * `processes` (above 1): that many server processes on one PostgreSQL database (E2E_DATABASE_URL's server),
 * the demo store seeded there; newPage(n) opens a page on the n-th.
 *
 * `coldPages`: every page is new, its browser's caches empty (a test of what a first visit fetches);
 * otherwise a page a test leaves with one tab and no lasting change (LASTING_CHANGES) is reset (keptPage)
 * and handed to the file's next test.
 */
export function useConsoleHarness(
  options: { store?: 'demo' | 'empty'; readOnly?: boolean; processes?: number; coldPages?: boolean } = {},
): ConsoleHarness {
  let baseURLs: string[] = [];
  let stopServers: () => Promise<unknown> = async () => undefined;
  let browser: Browser | undefined;
  let dataDir = '';
  /** The pages handed out in the current test, and those kept for the next, with their process. */
  const inUse: { on: number; page: Page }[] = [];
  const kept: { on: number; page: Page }[] = [];
  const changedForGood = new WeakSet<BrowserContext>();
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const e2e = await e2eContext();
    const store = options.store ?? 'demo';
    const connecting = chromium.connect(e2e.browserEndpoint);
    if (options.readOnly) baseURLs = [e2e.readOnlyURL[store]];
    else if ((options.processes ?? 1) > 1) {
      const started = await startProcesses(e2e, options.processes!, store === 'demo');
      baseURLs = started.servers.map((server) => server.baseURL);
      stopServers = started.stop;
    } else {
      dataDir = mkdtempSync(join(e2e.runDir, 'store-'));
      cpSync(store === 'demo' ? e2e.demoDataDir : e2e.emptyDataDir, dataDir, { recursive: true });
      const server = await startServer({ dataDir, staticDir: e2e.staticDir, seedDemo: store === 'demo' });
      baseURLs = [server.baseURL];
      stopServers = () => server.stop();
    }
    browser = await connecting;
  }, 180_000);

  afterEach(async () => {
    await Promise.all(
      inUse.splice(0).map(async (used) => {
        const context = used.page.context();
        const reusable = !options.coldPages && !changedForGood.has(context) && context.pages().length === 1;
        if (reusable && (await keptPage(used.page))) kept.push(used);
        else await context.close();
      }),
    );
    // An exception no screen caught is a defect even when the test's own checks passed.
    const uncaught = pageErrors.splice(0);
    expect(uncaught, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), stopServers()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Motion reduced, as an admin may set their device: the console then draws no transition or animation
  // (src/app/theme.tsx), which the checks never look at and the 2-core machine would spend frames on.
  async function openPage(browser: Browser, on: number) {
    const context = await browser.newContext({ baseURL: baseURLs[on], ...PAGE_START });
    const page = await context.newPage();
    const changed = () => changedForGood.add(context);
    watchCalls(page, LASTING_CHANGES.page, changed);
    watchCalls(context, LASTING_CHANGES.context, changed);
    watchCalls(context.clock, LASTING_CHANGES.clock, changed);
    return page;
  }

  const harness: ConsoleHarness = {
    get baseURL() {
      if (!baseURLs[0]) throw new Error('The harness starts in beforeAll; use it inside tests');
      return baseURLs[0];
    },
    newPage: async (on = 0) => {
      if (!browser) throw new Error('The harness starts in beforeAll; use it inside tests');
      const spare = kept.findIndex((page) => page.on === on);
      const page = spare >= 0 ? kept.splice(spare, 1)[0]!.page : await openPage(browser, on);
      inUse.push({ on, page });
      page.on('pageerror', (error) =>
        pageErrors.push(process.env.E2E_STACKS ? `${error.message}\n${error.stack}` : error.message),
      );
      return page;
    },
    api: async (method, path, token, body) => {
      const response = await fetch(`${harness.baseURL}${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    signInApi: async (who) => (await harness.api('POST', '/api/auth/login', undefined, who)).body.token as string,
    signIn: async (page, { as = ADMIN, at = '/' } = {}) => {
      const response = await page.request.post('/api/auth/login', { data: as });
      expect(response.status(), `signing in as ${as.email}`).toBe(200);
      const { token, user } = (await response.json()) as { token: string; user: unknown };
      // The session lives in the origin's storage: write it from a page of that origin that loads no console
      // (where a kept page already is).
      if (new URL(page.url()).pathname !== ORIGIN_PAGE) await page.goto(ORIGIN_PAGE);
      await page.evaluate(
        ({ keys, token, user }) => {
          localStorage.setItem(keys.token, token);
          localStorage.setItem(keys.user, JSON.stringify(user));
        },
        { keys: STORAGE_KEYS, token, user },
      );
      if (at === null) return;
      await page.goto(at);
      // The header: the sidebar is in a closed drawer on a phone.
      await page.getByRole('banner').waitFor();
    },
  };
  return harness;
}

/** The console's declarations: its entries (src/app/resources.ts) and their contracts, by resource name. */
export interface Declarations {
  entries: ConsoleEntry[];
  contractOf: (resource: string) => Promise<ResourceContract<never> | undefined>;
}

/**
 * Loads the declarations the console is built from, so the browser tests visit every declared screen
 * and a new resource's screens without editing them. Call it at the top level of a test file.
 *
 * Loaded at run time, not imported: a static import would make tsc follow every declaration's lazy
 * import() into the screens (.tsx), which the e2e project (tsconfig.e2e.json: Node types, no JSX, no
 * Vite client types) cannot check, and `tsc -b` would fail. The specifier is a variable, so tsc does
 * not follow it; the types come from type-only imports of declaration.ts and contract.ts, which
 * import no screen. At run time nothing of the screens loads either: React.lazy imports a screen
 * only when it renders, and the rest (React, the MUI icons of the sidebar) loads in Node like any
 * module. The built bundle was the alternative, but it holds the routes only minified.
 */
export async function loadDeclarations(): Promise<Declarations> {
  const load = async <T>(path: string): Promise<T> =>
    (await import(/* @vite-ignore */ pathToFileURL(join(REPO_ROOT, path)).href)) as T;
  const { consoleEntries } = await load<{ consoleEntries: ConsoleEntry[] }>('src/app/resources.ts');
  const contractOf = async (resource: string) => {
    const source = consoleEntries.find(
      (entry): entry is ResourceDeclaration => entry.kind === 'resource' && entry.name === resource,
    )?.contract;
    return typeof source === 'function' ? source() : source;
  };
  return { entries: consoleEntries, contractOf };
}

export type ScreenKind = 'page' | 'list' | 'alias' | 'create' | 'edit' | 'show';

/** One route of the console as declared. */
export interface DeclaredScreen {
  kind: ScreenKind;
  /** The route path; ':id' stands for a record's id. */
  route: string;
  entry: PageDeclaration | ResourceDeclaration;
}

/** Every declared route: each page's path, each resource's list (and its aliases), create, edit and show. */
export function declaredScreens(entries: ConsoleEntry[]): DeclaredScreen[] {
  return entries.flatMap((entry): DeclaredScreen[] => {
    if (entry.kind === 'group') return [];
    if (entry.kind === 'page') return [{ kind: 'page', route: entry.path, entry }];
    return [
      { kind: 'list', route: entry.list.path, entry },
      ...(entry.list.aliases ?? []).map((route): DeclaredScreen => ({ kind: 'alias', route, entry })),
      ...(['create', 'edit', 'show'] as const).flatMap((kind): DeclaredScreen[] => {
        const route = entry[kind]?.path;
        return route ? [{ kind, route, entry }] : [];
      }),
    ];
  });
}

/** A declared screen with the address to open it at, or why it cannot be opened. */
export type ScreenAddress = DeclaredScreen & ({ path: string } | { path?: undefined; skipped: string });

/**
 * The address of each screen: its route, with ':id' replaced by the id of a real record of the demo
 * store, read from the store API with `page`'s session (sign in first). A resource with no record to
 * open fails the test: its record screens would otherwise go unvisited.
 */
export async function screenAddresses(
  app: ConsoleHarness,
  page: Page,
  declarations: Declarations,
  screens: DeclaredScreen[],
): Promise<ScreenAddress[]> {
  const ids = new Map<string, Promise<string | { skipped: string }>>();
  const idOf = (resource: ResourceDeclaration) => {
    if (!ids.has(resource.name)) ids.set(resource.name, firstRecordId(app, page, declarations, resource));
    return ids.get(resource.name)!;
  };
  return Promise.all(
    screens.map(async (screen): Promise<ScreenAddress> => {
      if (!screen.route.includes(':id')) return { ...screen, path: screen.route };
      if (screen.entry.kind !== 'resource')
        throw new Error(`${screen.route}: only a resource's screens can name a record`);
      const id = await idOf(screen.entry);
      return typeof id === 'string'
        ? { ...screen, path: screen.route.replace(':id', encodeURIComponent(id)) }
        : { ...screen, ...id };
    }),
  );
}

async function firstRecordId(
  app: ConsoleHarness,
  page: Page,
  { contractOf }: Declarations,
  resource: ResourceDeclaration,
): Promise<string> {
  const list = (await contractOf(resource.name))?.routes.list;
  if (!list) throw new Error(`${resource.name} has no list in its contract to read a record id from`);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  if (!token) throw new Error('Sign in before asking for record ids');
  // A page of one: a whole list is a heavy request, two at a time per account, and these are asked all at once.
  const response = await fetch(`${app.baseURL}${list.url}?_start=0&_end=1`, {
    method: list.method,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status, `${list.method} ${list.url}`).toBe(200);
  const body = (await response.json()) as Record<string, unknown>;
  const rows = list.key ? body[list.key] : body;
  const id = Array.isArray(rows) ? (rows[0] as { _id?: unknown } | undefined)?._id : undefined;
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new Error(
      `The demo store has no ${resource.name} record to open ${resource.name}'s record screens with (seed one in src/server/seed)`,
    );
  }
  return String(id);
}

/**
 * Waits until a screen has loaded inside the console frame: its titled section in the main area (not
 * the sign-in page, the not-found page or the router's error screen), a list's first row from the
 * server, a record screen's record (no 'not found' or load failure). Returns the screen's title.
 */
export async function waitForScreen(page: Page, screen: ScreenAddress): Promise<string> {
  const where = `${screen.entry.name} ${screen.kind} at ${screen.path}`;
  const main = page.getByRole('main');
  const heading = main.getByRole('region').getByRole('heading', { level: 1 }).filter({ visible: true }).first();
  const notFound = page.getByText('Oops! Page not found');
  const crashed = page.getByText('Unexpected Application Error!');
  const signIn = page.getByRole('button', { name: 'Sign In' });
  const step = (what: string, wait: Promise<void>) =>
    wait.catch((error: Error) => {
      throw new Error(`${where}: ${what} (${error.message.split('\n')[0]})`, { cause: error });
    });
  await step('no titled screen in the main area', heading.or(notFound).or(crashed).or(signIn).first().waitFor());
  expect(await notFound.count(), `${where}: not a route`).toBe(0);
  expect(await crashed.count(), `${where}: the router's error screen`).toBe(0);
  expect(await signIn.count(), `${where}: sent to the sign-in page`).toBe(0);
  await page.getByRole('banner').waitFor();
  const title = (await heading.textContent()) ?? '';

  if (screen.kind === 'list' || screen.kind === 'alias') {
    // The demo store holds rows of every resource: a list without any is not shown as loaded.
    await step(
      `no row from the server in the '${title}' list`,
      page.getByRole('region', { name: title, exact: true }).locator('.MuiDataGrid-row[data-id]').first().waitFor(),
    );
  }
  if (screen.kind === 'edit' || screen.kind === 'show') {
    await expect
      .poll(
        () =>
          main
            .getByRole('status')
            .filter({ hasText: /loading/i })
            .count(),
        { message: `${where}: still loading` },
      )
      .toBe(0);
    expect(await main.getByRole('alert').allTextContents(), `${where}: the record did not load`).toEqual([]);
  }
  return title;
}

/** Selects a list's first row for a bulk delete, expects the single delete's question about that record, then cancels. */
export async function expectSingleDeleteQuestion(page: Page, noun: string): Promise<void> {
  const first = page.locator('.MuiDataGrid-row[data-id]').first();
  const label = (await first.getByRole('button', { name: /^Delete / }).getAttribute('aria-label'))!;
  await first.getByRole('checkbox').check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${noun} ${label.replace(/^Delete /, '')}?` });
  await confirm.getByText(`Are you sure you want to delete this ${noun}?`, { exact: true }).waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
}
