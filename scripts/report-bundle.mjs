// Run by `npm run build` after `vite build`: prints the gzip size of the JavaScript each main route
// loads, and fails the build if the sign-in route pulls in the data grid or the charts (those belong
// to the signed-in screens). It follows the chunk graph in Vite's manifest.
// Usage: node scripts/report-bundle.mjs [outDir]   (default: dist)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = process.argv[2] ?? 'dist';
const manifestPath = join(outDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build with build.manifest enabled first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Each route's screen, by the source file of its lazily loaded chunk. */
const SIGNED_IN_ROOT = 'src/app/App.tsx';
const ROUTES = [
  { label: 'sign-in (/login)', src: 'src/pages/login/SignInPage.tsx', required: true, lean: true, outsideConsole: true },
  { label: 'dashboard (/)', src: 'src/pages/dashboard/DashboardPage.tsx' },
  { label: 'products (/catalog/products)', src: 'src/resources/products/list.tsx' },
  { label: 'orders (/orders)', src: 'src/resources/orders/list.tsx' },
  { label: 'blog editor (/admin/add-blog)', src: 'src/resources/blogs/create.tsx' },
];

/** Strings only these libraries' code contains (their MUI class-name roots). */
const HEAVY = [
  { name: '@mui/x-data-grid', marker: /MuiDataGrid/ },
  { name: '@mui/x-charts', marker: /MuiCharts(Surface|Tooltip|Legend)/ },
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** The JS files loaded before the route renders: the entry's, the signed-in root's and the route chunk's static imports. */
function jsGraph(...keys) {
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

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;

console.log('\nJavaScript per route (entry + route chunk, gzip):');
for (const route of ROUTES) {
  if (!manifest[route.src]) {
    if (route.required) {
      console.error(`  ${route.label}: ${route.src} is not a chunk of this build`);
      failed = true;
    }
    continue;
  }
  const files = route.outsideConsole ? jsGraph(entryKey, route.src) : jsGraph(entryKey, SIGNED_IN_ROOT, route.src);
  let raw = 0;
  let gzip = 0;
  const heavy = new Set();
  for (const file of files) {
    const code = readFileSync(join(outDir, file));
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    for (const lib of HEAVY) if (lib.marker.test(code.toString('utf8'))) heavy.add(lib.name);
  }
  const loads = heavy.size ? `  loads ${[...heavy].join(', ')}` : '';
  console.log(`  ${route.label.padEnd(34)} ${kb(gzip).padStart(10)} gzip  (${kb(raw)} raw, ${files.length} files)${loads}`);
  if (route.lean && heavy.size) {
    console.error(`  The ${route.label} route must load neither the data grid nor the charts.`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
