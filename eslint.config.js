import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The import rules of docs/contributing.md, enforced: web features never import each other (shared pieces live in
// web/components or web/lib) and common/ imports nothing but zod (it is shared by the server and the browser). That no
// module graph has a cycle is checked by dpdm, type imports counted (`npm run check:cycles`, part of `npm run lint`
// and `npm test`); the server's module map is checked against docs/architecture.md by scripts/module-graph.test.mjs.
const serverModules = fs
  .readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatures = fs
  .readdirSync(new URL('./web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The client's address is taken once, when the request arrives (server/http/client-address.ts, issue 37). Part of
// every server no-restricted-syntax list below, since a later list for the same files replaces an earlier one.
const clientAddressRule = {
  selector: 'MemberExpression[object.name=/^(request|req)$/][property.name=/^ips?$/]',
  message: 'Use request.clientAddress (server/http/client-address.ts): request.ip reads a socket that may be gone.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.e2e/**', 'bench/lighthouse/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
    },
  },
  {
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        // markdown-it: the one Markdown renderer, server and admin preview alike (common/markdown.ts); no Node built-ins.
        {
          patterns: [
            {
              regex: '^(?!zod$|markdown-it$|\\./)',
              message: 'common/ is shared by the server and the browser: it imports only zod, markdown-it and other common/ files.',
            },
          ],
        },
      ],
    },
  },
  // The client's address is taken once, when the request arrives (server/http/client-address.ts, issue 37):
  // `request.ip` reads the socket, which a client may have reset by the time a later handler runs.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', clientAddressRule],
    },
  },
  // One door per module (docs/architecture.md, decision 0012): outside server/modules/<name>/, only its index.ts
  // may be imported, type imports and dynamic import() included. Inside a module, its own files are free.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/modules/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        clientAddressRule,
        {
          selector: 'ImportExpression[source.value=/\\/modules\\/[^/]+\\/(?!index\\.js$)[^/]+/]',
          message: 'Import a module only through its door, server/modules/<name>/index.ts, dynamic import() included.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/modules/[^/]+/(?!index\\.js$)[^/]+',
              message: 'Import a module only through its door, server/modules/<name>/index.ts (re-export there what others need).',
            },
          ],
        },
      ],
    },
  },
  ...serverModules.map((name) => ({
    files: [`server/modules/${name}/**/*.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        clientAddressRule,
        {
          selector: `ImportExpression[source.value=/^\\.\\.\\/(?!${name}\\/)[^./][^/]*\\/(?!index\\.js$)/]`,
          message: 'Import another module only through its door, ../<name>/index.js, dynamic import() included.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!${name}/)[^./][^/]*/(?!index\\.js$)`,
              message: 'Import another module only through its door, ../<name>/index.js (re-export there what others need).',
            },
            {
              regex: '^(\\.\\./)+(http|lib|db|kernel|test|cli)/.*/modules/',
              message: 'Reach modules only through their doors.',
            },
          ],
        },
      ],
    },
  })),
  ...webFeatures.map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${feature}/)`,
              message: 'Web features never import each other: move the shared piece to web/components or web/lib.',
            },
          ],
        },
      ],
    },
  })),
);
