// ESLint flat config: typescript-eslint's recommended rules, the two classic React hook rules, and
// the import boundaries between the console (browser), the server (Node) and the shared domain code.
//
// The boundaries are a small local rule (scripts/eslint-boundaries.js) that judges the *resolved*
// directory of every relative import, re-export and dynamic import() (the console uses import() for
// every lazy route). no-restricted-imports does the one specifier-level job: src/domain may use no
// package but zod.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.js';

export default defineConfig([
  // As .gitignore: build output, databases and uploads, reports (node_modules is ESLint's default too).
  globalIgnores([
    '**/dist/',
    'data/',
    'data-*/',
    '**/node_modules/',
    '**/coverage/',
    'bench/results/',
    '**/test-results/',
  ]),

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

  // Import boundaries (scripts/eslint-boundaries.js).
  {
    files: ['src/**/*.{ts,tsx,js,jsx,mjs}'],
    plugins: { boundaries },
    rules: { 'boundaries/zones': 'error' },
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
