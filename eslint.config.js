// ESLint flat config: typescript-eslint's recommended rules, the two classic React hook rules, and
// the import boundaries between the console (browser), the server (Node) and the shared domain code.
//
// The boundaries use eslint-plugin-import-x's no-restricted-paths rather than the built-in
// no-restricted-imports: it judges the *resolved* file, so a zone is a directory whatever the
// importer's depth (src/server/app.ts and src/app/ share a name; '../app' is fine in one place and
// a breach in another), and it also checks dynamic import(), which the console uses for every lazy
// route and which no-restricted-imports does not look at. no-restricted-imports still does the one
// specifier-level job: src/domain may use no package but zod.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The console is all of src/ but src/server/ and src/domain/ (today app, components, pages, providers,
// resources and main.tsx), as globs so that a new console folder is inside the boundary from the start.
const CONSOLE = ['./src/!(server|domain)/**/*', './src/*.{ts,tsx,js,jsx}'];
const SERVER = './src/server';
const DOMAIN = './src/domain';

export default defineConfig([
  // As .gitignore: build output, databases and uploads, reports (node_modules is ESLint's default too).
  globalIgnores(['**/dist/', 'data/', 'data-*/', '**/node_modules/', '**/coverage/', 'bench/results/', '**/test-results/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (the same convention tsc's noUnused* accepts).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // Tests type API and page answers loosely on purpose: their bodies are whatever JSON came back.
  {
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Globals for plain JS files (TypeScript files get theirs from the tsconfig projects).
  {
    files: ['src/**/*.{js,jsx}'],
    ignores: ['src/server/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['scripts/**', 'bench/**', 'src/server/**', 'tests/api/**', 'tests/e2e/**', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: globals.node },
  },

  // React hooks: only the classic two rules, not the React Compiler rules of the plugin's presets.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  // Import boundaries.
  {
    files: ['src/**/*.{ts,tsx,js,jsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.json'],
          // TypeScript lets './x.js' name ./x.ts: resolve it the same way, or the zone check skips it.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: CONSOLE,
              from: SERVER,
              message: 'The console runs in the browser: it must not import src/server/. Shared code belongs in src/domain/.',
            },
            {
              target: SERVER,
              from: CONSOLE,
              message: 'The server must not import console code. Shared code belongs in src/domain/.',
            },
            {
              target: DOMAIN,
              from: './src',
              except: ['./domain'],
              message: 'src/domain/ is shared by the console and the server: it imports only zod and itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Any bare specifier (package or node: builtin) except zod.
              regex: '^(?!\\.{1,2}(/|$)|zod(/|$))',
              message: 'src/domain/ is shared by the console and the server: it imports only zod and itself.',
            },
          ],
        },
      ],
    },
  },
]);
