import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The import rules of docs/contributing.md, enforced: web features never import each other (shared pieces live in
// web/components or web/lib) and common/ imports nothing but zod (it is shared by the server and the browser). That no
// module graph has a cycle is checked by dpdm (`npm run check:cycles`, part of `npm run lint` and `npm test`).
const webFeatures = fs
  .readdirSync(new URL('./web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
        { patterns: [{ regex: '^(?!zod$|\\./)', message: 'common/ is shared by the server and the browser: it imports only zod and other common/ files.' }] },
      ],
    },
  },
  {
    // Server modules reach each other only through their service files (type-only imports are free).
    files: ['server/modules/**/*.ts'],
    ignores: ['server/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.service\\.js$)',
              allowTypeImports: true,
              message: "Modules reach each other only through their service files: import the owner's *.service.ts (re-export what others need there).",
            },
          ],
        },
      ],
    },
  },
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
