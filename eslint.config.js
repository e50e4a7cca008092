// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import vitest from '@vitest/eslint-plugin';

// The schemas use zod/mini, the functional API of the same zod (~33 KB of a Lambda bundle with the
// product's schemas, where full zod's methods cost ~90 KB and more cold import); `import { z }` defeats tree-shaking (the
// namespace object drags all of it in), `import * as z` tree-shakes.
const zodImports = [
  {
    selector: "ImportDeclaration[source.value='zod']",
    message: "Use `import * as z from 'zod/mini'` (full zod is ~90 KB of every bundle; zod/mini ~33 KB).",
  },
  {
    selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier[imported.name='z']",
    message: "Use `import * as z from 'zod/mini'` (tree-shakes).",
  },
];

// The SPA may use the wire contracts and the route table (its calls' methods and paths), and nothing else of the server code.
const serverCodeInWeb = {
  group: ['**/lambdas/*', '!**/lambdas/contracts', '!**/lambdas/operations', '**/lambdas/!(contracts)/**'],
  message: 'web/ may import only lambdas/contracts and lambdas/operations (their types; lambdas/operations/path.ts as values).',
};

/**
 * The SPA's slices do not import each other: a file in web/src/features/<a>/ imports nothing of
 * features/<b>/, and api/, components/, config/ and lib/ import no slice at all. Only app/ (the
 * router and the layout, the composition root) puts slices together; what two slices share lives
 * in components/ (UI) or lib/ (logic). Imports are relative, so each folder gets the pattern that,
 * from its depth, reaches into features/, and `import()` is held to it too (no-restricted-imports
 * sees only static imports). Slices and folders are read from disk, so a new one is covered.
 */
const sliceBoundaries = () => {
  const src = new URL('./web/src/', import.meta.url);
  const folders = (dir) =>
    readdirSync(new URL(`${dir}/`, src), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  const tree = (dir) => [dir, ...folders(dir).flatMap((name) => tree(`${dir}/${name}`))];
  const up = (dir, less = 0) => `(\\.\\.\\/){${dir.split('/').length - less}}`;
  const block = (dir, reach, message) => {
    const regex = `^(${reach})(\\/|$)`;
    return {
      files: [`web/src/${dir}/*.{ts,tsx}`],
      rules: {
        // These replace the web block's settings of the same rules, so they repeat what it restricts.
        'no-restricted-imports': ['error', { patterns: [serverCodeInWeb, { regex, message }] }],
        'no-restricted-syntax': ['error', ...zodImports, { selector: `ImportExpression[source.value=/${regex}/]`, message }],
      },
    };
  };
  const slices = folders('features');
  const shared = folders('.').filter((name) => name !== 'app' && name !== 'features');
  return [
    ...shared.flatMap((top) =>
      tree(top).map((dir) =>
        block(dir, `${up(dir)}features`, `web/src/${top}/ may not import web/src/features/: only web/src/app/ composes slices.`),
      ),
    ),
    ...slices.flatMap((slice) => {
      const others = `(${slices.filter((other) => other !== slice).join('|')})`;
      const message = `web/src/features/${slice}/ may not import another slice: what both use belongs in web/src/components/ (UI) or web/src/lib/ (logic), and web/src/app/ composes screens.`;
      // Another slice through web/src/features/, or straight from features/ to a sibling.
      return tree(`features/${slice}`).map((dir) => block(dir, `${up(dir)}features\\/${others}|${up(dir, 1)}${others}`, message));
    }),
  ];
};

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': ['error', ...zodImports],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [serverCodeInWeb] }],
    },
  },
  // After the web block, whose settings of the same two rules these replace.
  ...sliceBoundaries(),
  {
    // The operations carry every zod schema of the API: the SPA takes their types only, and its
    // paths from lambdas/operations/path.ts (methods and paths are inlined by the build).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lambdas/operations/*', '!**/lambdas/operations/path'],
              allowTypeImports: true,
              message: 'The SPA imports the operations as types only (`import type`); paths come from lambdas/operations/path.ts.',
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
      // The contracts and the shared vocabulary are what the SPA may import: they import only zod/mini
      // and each other (and the operations, plain data), so no domain rule, data access or client reaches the SPA's bundle.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '!../operations', '**/lib/**', '**/web/**', '**/bin/**'],
              message: 'lambdas/contracts/ imports only zod/mini, itself and the operations (plain data).',
            },
          ],
        },
      ],
    },
  },
  {
    // The use-case layer (lambdas/app/<capability>/) sits between the entry points and the data:
    // a handler, job or pipeline task parses its input, calls one use case and shapes the answer.
    // The typescript-eslint twin of no-restricted-imports is used so the lambdas/ block's rule above
    // still applies to these files (a later block's setting of the same rule would replace it).
    files: ['lambdas/api/**/*.ts', 'lambdas/jobs/**/*.ts', 'lambdas/pipeline/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/data', '**/data/**'],
              message: 'Handlers call a use case in lambdas/app; only app/ reads and writes the data layer (lambdas/data).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/app/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api', '**/api/**', '!@*/**'],
              message: 'lambdas/app/ is what the handlers call: it never imports them (lambdas/api/).',
            },
            {
              group: ['**/adapters/ats/*'],
              message: "Use cases reach the ATS adapters through lambdas/adapters/ats (its index), not one vendor's module.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests that check what their names say (issue 31; README, Tests). Type-aware linting (no-floating-promises:
    // an unawaited assertion passes whatever it finds) needs a TypeScript program, so it is scoped to the test files.
    files: ['test/**/*.ts', 'web/src/**/*.test.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { vitest },
    rules: {
      // expect(value, message) is vitest's; an async matcher or expect.poll is awaited.
      'vitest/valid-expect': ['error', { maxArgs: 2, alwaysAwait: true }],
      // A test asserts: with expect, one of the project's own helpers (expectAccessible...), or a CDK template assertion.
      'vitest/expect-expect': [
        'error',
        {
          assertFunctionNames: ['expect', 'expect*', '**.hasResourceProperties', '**.hasResource', '**.resourceCountIs', '**.hasWarning'],
        },
      ],
      // No .only (CI refuses it: this is an error in npm test's lint step) and no skipped test.
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      'vitest/no-conditional-expect': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
);
