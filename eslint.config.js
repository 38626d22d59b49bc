// One lint gate for the whole repository. The folder boundaries of docs/architecture.md are a
// local rule (below) because they depend on where a file lives, not only on what it imports.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);

/** Top folder of src/ a path belongs to ('domain', 'server', 'grid' …), or null outside src/. */
function srcArea(file) {
  const rel = path.relative(path.join(root, 'src'), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0];
}

// Which src/ areas each area may import (relative imports); null = anything.
const allowedAreas = {
  domain: ['domain'],
  api: ['api', 'domain'],
  server: ['server', 'api', 'domain'],
  cli: ['cli', 'domain', 'server', 'api'],
  workers: ['workers', 'domain'],
  grid: ['grid', 'state', 'domain', 'api', 'app', 'i18n'],
  gantt: ['gantt', 'state', 'domain', 'api', 'app', 'i18n'],
};

// Packages an area must not import (prefix match).
const forbiddenPackages = {
  domain: [
    'react',
    'react-dom',
    'zustand',
    'comlink',
    'fastify',
    '@fastify/',
    'kysely',
    'pg',
    'node:',
    'three',
  ],
  api: ['react', 'zustand', 'fastify', 'kysely', 'pg'],
  server: ['react', 'react-dom', 'zustand', 'comlink', 'three', 'ag-grid'],
};

const boundaryRule = {
  meta: { type: 'problem', schema: [], messages: { cross: '{{from}} must not import {{what}} ({{why}}).' } },
  create(context) {
    const from = srcArea(context.filename);
    if (!from) return {};
    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        const target = srcArea(path.resolve(path.dirname(context.filename), source));
        const allowed = allowedAreas[from];
        if (target && allowed && !allowed.includes(target)) {
          context.report({
            node,
            messageId: 'cross',
            data: { from: `src/${from}`, what: `src/${target}`, why: 'folder boundary' },
          });
        }
        return;
      }
      const banned = (forbiddenPackages[from] ?? []).find(
        (p) => source === p || source.startsWith(p.endsWith('/') || p.endsWith(':') ? p : `${p}/`),
      );
      if (banned) {
        context.report({
          node,
          messageId: 'cross',
          data: { from: `src/${from}`, what: source, why: 'layer purity' },
        });
      }
      if ((source === 'zustand' || source.startsWith('zustand/')) && from !== 'state') {
        context.report({
          node,
          messageId: 'cross',
          data: { from: `src/${from}`, what: source, why: 'only src/state owns stores' },
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'benchmarks/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { boundaries: boundaryRule } } },
    rules: {
      'local/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    ignores: ['src/domain/**', 'src/server/**', 'src/api/**', 'src/cli/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
