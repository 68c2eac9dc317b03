// The JavaScript each main route loads on a cold visit, read from a Vite build's manifest (gzip level 9,
// each file alone, as bench:web weighs what Chromium fetched): the entry, for a signed-in route the
// console (router, declarations) and the Refine root, the route's screen, and the
// chunks that screen imports lazily as it renders (the dashboard's charts), each with its static imports.
// It matched bench:web's Chromium figures to the file when written; bench:web remains the measure.
// Shared by `npm run build` (scripts/report-bundle.mjs) and `npm run bench:web`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The lazy chunks every route but sign-in loads first (src/main.tsx, then src/app/routes.tsx). */
const SIGNED_IN = ['src/app/console.tsx', 'src/app/App.tsx'];

/** A declared resource's screen also loads its access check (and a generated one its screen: src/components/resource/declare.ts). */
const ACCESS = 'src/components/resource/ScreenAccess.tsx';
/** A generated list's screen, loaded beside its resource's presentation. */
const LIST = 'src/components/resource/ResourceListScreen.tsx';

/** Each route's screen, by the source file of its lazily loaded chunk, with the other chunks it loads alongside. */
export const ROUTES = [
  {
    label: 'sign-in (/login)',
    src: 'src/pages/login/SignInPage.tsx',
    required: true,
    lean: true,
    outsideConsole: true,
  },
  { label: 'dashboard (/)', src: 'src/pages/dashboard/DashboardPage.tsx' },
  { label: 'products (/catalog/products)', src: 'src/resources/products/resource.tsx', with: [ACCESS, LIST] },
  { label: 'orders (/orders)', src: 'src/resources/orders/resource.tsx', with: [ACCESS, LIST] },
  {
    label: 'blog editor (/admin/add-blog)',
    src: 'src/resources/blogs/resource.ts',
    with: [ACCESS, 'src/components/resource/ResourceFormScreen.tsx'],
  },
];

/**
 * Strings only these libraries' code contains (class names of their own parts). Not the grid's class-name
 * root: the console's theme names it too (its MuiDataGrid defaults), in the entry every route loads.
 */
const HEAVY = [
  { name: '@mui/x-data-grid', marker: /virtualScrollerContent/ },
  { name: '@mui/x-charts', marker: /MuiCharts(Surface|Tooltip|Legend)/ },
];

export function readManifest(outDir) {
  const manifestPath = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No ${manifestPath}: build with build.manifest enabled first.`);
  return JSON.parse(readFileSync(manifestPath, 'utf8'));
}

/** The JS files loaded before the route renders: the static import graph of the given chunks. */
function jsGraph(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Per route: { label, src, present, gzip, raw, files, heavy: string[] } (bytes). */
export function routeBundleSizes(outDir) {
  const manifest = readManifest(outDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  return ROUTES.map((route) => {
    if (!manifest[route.src]) return { ...route, present: false, gzip: 0, raw: 0, files: 0, heavy: [] };
    const lazy = manifest[route.src].dynamicImports ?? [];
    const files = jsGraph(manifest, [
      entryKey,
      ...(route.outsideConsole ? [] : SIGNED_IN),
      route.src,
      ...(route.with ?? []),
      ...lazy,
    ]);
    let raw = 0;
    let gzip = 0;
    const heavy = new Set();
    for (const file of files) {
      const code = readFileSync(join(outDir, file));
      raw += code.length;
      gzip += gzipSync(code, { level: 9 }).length;
      for (const lib of HEAVY) if (lib.marker.test(code.toString('utf8'))) heavy.add(lib.name);
    }
    return { ...route, present: true, gzip, raw, files: files.length, heavy: [...heavy] };
  });
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
