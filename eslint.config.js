// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      // `import { z }` defeats tree-shaking (the namespace object drags all of zod, ~450 KB, into
      // every Lambda bundle); `import * as z` costs ~85 KB.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod'` (tree-shakes).",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The SPA may use the wire contracts and the route table (its calls' methods and paths), and nothing else of the server code.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lambdas/*', '!**/lambdas/contracts', '!**/lambdas/operations', '**/lambdas/!(contracts)/**'],
              message: 'web/ may import only lambdas/contracts and lambdas/operations.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: {
      // Server code never reaches into infrastructure, the local stand-ins or the SPA.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/lib/**', '**/web/**', '**/bin/**'], message: 'lambdas/ must not import lib/, web/ or bin/.' }] },
      ],
    },
  },
  {
    files: ['lambdas/contracts/**/*.ts'],
    rules: {
      // The contracts and the shared vocabulary are what the SPA may import: they import only zod
      // and each other (and the operations, plain data), so no domain rule, data access or client reaches the SPA's bundle.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '!../operations', '**/lib/**', '**/web/**', '**/bin/**'],
              message: 'lambdas/contracts/ imports only zod, itself and the operations (plain data).',
            },
          ],
        },
      ],
    },
  },
);
