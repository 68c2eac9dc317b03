import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each script and stylesheet of the build, once, at
 * the strongest settings; the server sends the copy the browser accepts (@fastify/static's
 * preCompressed), so no request pays for compression and the sign-in page's 524 KB of JavaScript
 * travels as about a third of that.
 */
function precompressed(): Plugin {
  return {
    name: 'precompressed-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [name, output] of Object.entries(bundle)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (source.length < 1024) continue;
        const file = join(options.dir!, name);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The build's chunks as a cold load fetches them: what the entry imports (React, the theme, the styling
 * core) in one chunk, what sign-in's screen shares with the signed-in console (buttons, the outlined
 * input, the auth provider) in a second, what sign-in's screen adds besides (its form's labelled fields
 * and card, which a signed-in first load does not draw) in a third, what the console adds (router,
 * Refine, layout) in a fourth, the dashboard's charts in a fifth. Rolldown's own split makes a chunk per
 * set of screens sharing a module (60 files for the dashboard, 20 of them the entry's), and each file is
 * compressed alone. A layer takes what its roots import that no earlier layer took; a `sharedWith` layer
 * only what the given roots import too; an `own` layer only what nothing outside it imports (not what
 * the data grid shares with the charts). The roots themselves stay chunks of their own (lazy screens).
 * src/domain is left to Rolldown's split: its index re-exports every module, zod schemas included, which
 * a layer would take whole for the few constants it uses.
 */
const LAYERS = [
  { name: 'entry', roots: ['main.tsx'] },
  { name: 'common', roots: ['pages/login/SignInPage.tsx'], sharedWith: ['app/console.tsx', 'app/App.tsx'] },
  { name: 'sign-in', roots: ['pages/login/SignInPage.tsx'] },
  { name: 'console', roots: ['app/console.tsx', 'app/App.tsx'] },
  {
    name: 'charts',
    roots: ['KpiTrendLine', 'SalesOverviewChart', 'CategorySalesPie'].map((chart) => `pages/dashboard/${chart}.tsx`),
    own: true,
  },
].map(({ sharedWith, ...layer }) => ({
  ...layer,
  roots: layer.roots.map(inSrc),
  sharedWith: sharedWith?.map(inSrc),
}));
function inSrc(path: string) {
  return join(import.meta.dirname, 'src', path);
}
/** Packages that declare no "sideEffects" flag but have none (build.rolldownOptions.treeshake says why it matters). */
const SIDE_EFFECT_FREE = [
  'react-markdown',
  'remark-gfm',
  'papaparse',
  'error-stack-parser',
  'stackframe',
  'hoist-non-react-statics',
];
/** src/domain: side-effect free by design, shared by the console and the server. */
const DOMAIN = /\/src\/domain\//;
/** What `roots` import, directly or not (themselves included), through modules `skip` lets pass; src/domain left out. */
function importedFrom(roots: string[], ctx: ChunkingContext, skip: (id: string) => boolean = () => false) {
  const found = new Set<string>();
  for (const stack = [...roots]; stack.length;) {
    const next = stack.pop()!;
    if (found.has(next) || skip(next) || DOMAIN.test(next)) continue;
    found.add(next);
    stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}
let layerOfModule: Map<string, string | null> | undefined;
function layerOf(id: string, ctx: ChunkingContext) {
  if (!layerOfModule) {
    const layers = new Map<string, string | null>();
    for (const { name, roots, own, sharedWith } of LAYERS) {
      const taken = importedFrom(roots, ctx, (module) => layers.has(module));
      if (sharedWith) {
        const alsoThere = importedFrom(sharedWith, ctx);
        for (const module of taken) if (!alsoThere.has(module)) taken.delete(module);
      }
      for (let changed = own; changed;) {
        changed = false;
        for (const module of taken) {
          if (!roots.includes(module) && ctx.getModuleInfo(module)!.importers.some((by) => !taken.has(by)))
            changed = taken.delete(module);
        }
      }
      for (const module of taken) layers.set(module, roots.includes(module) ? null : name);
    }
    layerOfModule = layers;
  }
  return layerOfModule.get(id);
}

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [react(), precompressed()],
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // scripts/report-bundle.mjs follows each route's chunk graph through the manifest.
    manifest: true,
    rolldownOptions: {
      // qs (Refine's URL parameters) takes its side-channel from src/app/side-channel.cjs: the package
      // ships about 10 KB gzip of intrinsics and object inspection for old engines to every signed-in page.
      // Each build reads its own module graph into the layers (a watching build rebuilds).
      plugins: [
        {
          name: 'lean-side-channel',
          resolveId: {
            order: 'pre',
            handler: (id) => (id === 'side-channel' ? join(import.meta.dirname, 'src/app/side-channel.cjs') : null),
          },
        },
        { name: 'chunk-layers', buildStart: () => void (layerOfModule = undefined) },
      ],
      output: {
        codeSplitting: {
          // The layers decide what each group holds; followed dependencies would pull React and the
          // entry's modules into the sign-in chunk.
          includeDependenciesRecursively: false,
          groups: LAYERS.map(({ name }, index) => ({
            name: (id: string, ctx: ChunkingContext) => (layerOf(id, ctx) === name ? name : null),
            debugName: name,
            priority: LAYERS.length - index,
          })),
        },
      },
      // These libraries (SIDE_EFFECT_FREE) declare no "sideEffects" flag, so their unused imports in
      // @refinedev/mui (MarkdownField) and @refinedev/core (CSV import, and the devtools' call-stack parser,
      // which only development builds call) would ship to every page, sign-in included; and Emotion's bare
      // import of hoist-non-react-statics (for its withTheme, which nothing calls) to the entry.
      // src/domain is side-effect free by design; saying so keeps its zod schemas off routes that only
      // need its constants.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !SIDE_EFFECT_FREE.some((name) => id.includes(`/node_modules/${name}/`)) && !DOMAIN.test(id),
      },
    },
    chunkSizeWarningLimit: 800,
  },
  test: {
    // The API files spend much of their time waiting on their databases and server processes: three at a time.
    maxWorkers: 3,
    // A worker runs one file after another in the same process, keeping the modules it loaded (Vite's
    // transform, the server's and the console's modules, jsdom's and Playwright's): a new process per file
    // cost each file a second or more of the 2-core machine (a quarter of the unit and API files' CPU).
    // The files share no state through it: each starts its own app, server or browser context, and an API
    // app's store (tests/api/kept-stores.ts) is put back as the image has it before it is handed on.
    isolate: false,
    // The test processes' PGlite compiled by Liftoff alone (TEST_NODE_FLAGS in tests/e2e/server-process.ts says why).
    execArgv: ['--liftoff-only'],
    // Refine and MUI X ship directory imports that only work when Vite transforms them.
    server: { deps: { inline: [/@refinedev\//, /@mui\/x-/] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A screen answers in its own time: expect.poll waits for it as locators do, not Vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
          // After the unit and API files, whose timing-bound tests a browser beside them slowed past their
          // limits; then three files at a time. A browser test waits between its steps (a frame, a server's
          // answer, a poll), and with two files both waited at once: the cores were 1.7 of 2 busy. Three
          // fill them: measured alternating on the 2-core machine, the browser files took 280 and 306 s
          // against 349 and 367 s with two. Four took as long as three.
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
        },
      },
    ],
  },
});
