import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleOrder, { readModuleOrder } from './apps/server/lint/module-order.js';

const server = path.join(import.meta.dirname, 'apps/server/src');
/** The server's modules in the order they depend in (ADR 0007): the one list, `modules/order.ts`. */
export const MODULE_ORDER = readModuleOrder(path.join(server, 'modules/order.ts'));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'test-results/**', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // Small functions and files (issue 44): a function over 120 lines is a service or a screen to
    // split, and a file over 400 lines holds more than one concern.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/src/db/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }], 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Dialogs, inline prompts and toasts only: the browser's own boxes block the page and skip our focus handling.
      'no-alert': 'error',
    },
  },
  {
    // The contract's values carry every endpoint's zod schemas: the browser takes its types only,
    // and its methods and paths from apps/web/src/api/contract.ts (issue 11's script budget).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@souq/shared',
              importNames: ['API', 'ENDPOINTS', 'openApiDocument'],
              allowTypeImports: true,
              message: "Call the API through apps/web/src/api/contract.ts's routes; import the contract's types only.",
            },
          ],
        },
      ],
    },
  },
  {
    // Feature folders stand alone (bulletproof-react): routes and the app shell compose them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/**', '!../../**'],
              message: 'A feature must not import another feature; compose them in routes/ or app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Modules depend one way, through ports; flows span them (ADR 0007, docs/architecture.md "Modules register themselves").
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/flows/**/*.ts'],
    plugins: { souq: { rules: { 'module-order': moduleOrder } } },
    rules: {
      'souq/module-order': [
        'error',
        { modules: path.join(server, 'modules'), flows: path.join(server, 'flows'), order: MODULE_ORDER },
      ],
    },
  },
  {
    // Rules know nothing of transports: services and lib throw DomainError; http/ and realtime/ translate it.
    files: [
      'apps/server/src/modules/**/{service,queries}.ts',
      'apps/server/src/{lib,jobs,media,adapters,flows}/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/*', '**/realtime/*'],
              message:
                'Services and lib stay transport-free: throw DomainError from lib/errors and let the transport map it.',
            },
          ],
        },
      ],
    },
  },
  // Last: Prettier owns layout, so the rules about it (no-unexpected-multiline among them) are off.
  prettier,
);
