import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (ARCHITECTURE.md): client -> schema; server/http -> features -> repo -> db;
 * features never import web frameworks or vendor SDKs; indexer -> schema, server/db; nothing in
 * the server imports the indexer or the client.
 */
const VENDOR_SDKS = [
  'fastify',
  '@fastify/*',
  '@apollo/server',
  '@as-integrations/*',
  'firebase-admin',
  'firebase-admin/*',
  'stripe',
  'graphql',
];

const restrict = (...groups) => ({ 'no-restricted-imports': ['error', { patterns: groups }] });

const FEATURES_STAY_FRAMEWORK_FREE = {
  group: [
    ...VENDOR_SDKS,
    '**/http/**',
    '**/integrations/**',
    '**/jobs/**',
    '!**/jobs/job-definition*',
    '**/main',
    '**/main.js',
  ],
  message:
    'Features stay framework-free: keep Fastify, Apollo, firebase-admin and stripe in http/ and integrations/.',
};
const ONE_ENGINE_ENTRY = {
  group: ['**/engine/*', '!**/engine/index*'],
  message: 'The search engine is reached through its public entry, engine/index.ts.',
};
const SERVER_NEVER_IMPORTS_CLIENTS = {
  group: ['@patentscout/indexer*', '@patentscout/client*', '**/indexer/**', '**/client/**'],
  message: 'The server never imports the indexer or the client.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/__generated__/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['server/src/features/**/*.{ts,tsx}'],
    ignores: ['server/src/features/**/*.test.ts', 'server/src/features/search/engine/**'],
    rules: restrict(FEATURES_STAY_FRAMEWORK_FREE, ONE_ENGINE_ENTRY),
  },
  {
    files: ['server/src/features/search/engine/**/*.ts'],
    ignores: ['server/src/features/**/*.test.ts'],
    rules: restrict(FEATURES_STAY_FRAMEWORK_FREE),
  },
  {
    files: ['server/src/shared/**/*.ts'],
    rules: restrict({
      group: ['**/features/**', '**/http/**', '**/integrations/**', '**/db/**', 'fastify', 'firebase-admin*'],
      message: 'shared/ imports nothing above it.',
    }),
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/features/**', 'server/src/shared/**'],
    rules: restrict(SERVER_NEVER_IMPORTS_CLIENTS, ONE_ENGINE_ENTRY),
  },
  {
    files: ['indexer/src/**/*.ts'],
    rules: restrict({
      group: [
        '@patentscout/server/http/*',
        '@patentscout/server/features/*',
        '@patentscout/client*',
        'fastify',
        '@apollo/*',
      ],
      message:
        "The indexer depends on schema, server/db and the search engine's entry (@patentscout/server/search-engine) only.",
    }),
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    rules: restrict({
      group: [
        '@patentscout/server*',
        '@patentscout/indexer*',
        '**/server/**',
        '**/indexer/**',
        'firebase-admin*',
        'pg',
        'kysely',
      ],
      message: 'The client depends on schema only; server data comes through the API.',
    }),
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts', 'server/src/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
