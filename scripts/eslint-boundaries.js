// ESLint rule `boundaries/zones`: the import boundaries between the console (browser), the server
// (Node) and the shared domain code, judged on the *resolved* directory of every relative import,
// re-export and dynamic import(), so '../app' is fine in one place and a breach in another.
//
// Why not eslint-plugin-import-x's no-restricted-paths: its resolver (unrs-resolver) lists a native
// binding per platform as optional dependencies, and `npm ci` refuses a lockfile that lacks any of
// them; the registry these machines reach holds only the Linux ones. The project imports nothing by
// alias (no tsconfig paths), so a relative specifier resolved against the importer is the whole job.
import path from 'node:path';

/** The area a file belongs to: 'server', 'domain', or 'console' (everything else under src/). */
export function areaOf(file, root) {
  const rel = path.relative(path.join(root, 'src'), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const top = rel.split(path.sep)[0];
  return top === 'server' || top === 'domain' ? top : 'console';
}

const MESSAGES = {
  'console>server':
    'The console runs in the browser: it must not import src/server/. Shared code belongs in src/domain/.',
  'server>console': 'The server must not import console code. Shared code belongs in src/domain/.',
  'domain>console': 'src/domain/ is shared by the console and the server: it imports only zod and itself.',
  'domain>server': 'src/domain/ is shared by the console and the server: it imports only zod and itself.',
};

const zones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep console, server and domain imports inside their boundaries' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const from = areaOf(context.filename, root);
    if (!from) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!/^\.{1,2}(\/|$)/.test(source.value)) return;
      const to = areaOf(path.resolve(path.dirname(context.filename), source.value), root);
      const message = to && to !== from ? MESSAGES[`${from}>${to}`] : undefined;
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { zones } };
