import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
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
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
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
      // These libraries declare no "sideEffects" flag, so their unused imports in @refinedev/mui
      // (MarkdownField) and @refinedev/core (CSV import) would ship to every page, sign-in included.
      // src/domain is side-effect free by design; saying so keeps its zod schemas off routes that only
      // need its constants.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/node_modules\/(react-markdown|remark-gfm|papaparse)\/|\/src\/domain\//.test(id),
      },
    },
    chunkSizeWarningLimit: 800,
  },
  test: {
    // The API files spend much of their time waiting on their databases and server processes: three at a time.
    maxWorkers: 3,
    // Refine and MUI X ship directory imports that only work when Vite transforms them.
    server: { deps: { inline: [/@refinedev\//, /@mui\/x-/] } },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom', sequence: { groupOrder: 0 } },
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
          // limits; then two files at a time, which fills both cores (one at a time left one idle; three
          // took as long as two, each file slower).
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
        },
      },
    ],
  },
});
