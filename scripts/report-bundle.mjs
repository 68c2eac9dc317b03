// Run by `npm run build` after `vite build`: prints the gzip size of the JavaScript each main route
// loads on a cold visit (scripts/bundle-sizes.mjs; `npm run bench:web` weighs it in Chromium), and
// fails the build if the sign-in route pulls in the data grid or the charts (those belong to the
// signed-in screens). Usage: node scripts/report-bundle.mjs [outDir]   (default: dist)
import { kb, routeBundleSizes } from './bundle-sizes.mjs';

const outDir = process.argv[2] ?? 'dist';
let failed = false;

console.log('\nJavaScript per route, cold visit (the chunks it fetches, gzip -9 each):');
for (const route of routeBundleSizes(outDir)) {
  if (!route.present) {
    if (route.required) {
      console.error(`  ${route.label}: ${route.src} is not a chunk of this build`);
      failed = true;
    }
    continue;
  }
  const loads = route.heavy.length ? `  loads ${route.heavy.join(', ')}` : '';
  console.log(
    `  ${route.label.padEnd(34)} ${kb(route.gzip).padStart(10)} gzip  (${kb(route.raw)} raw, ${route.files} files)${loads}`,
  );
  if (route.lean && route.heavy.length) {
    console.error(`  The ${route.label} route must load neither the data grid nor the charts.`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
