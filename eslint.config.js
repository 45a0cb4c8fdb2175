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

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

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
    files: ['server/src/features/**/*.ts'],
    ignores: ['server/src/features/**/*.test.ts'],
    rules: restrict(
      [...VENDOR_SDKS, '**/http/**', '**/integrations/**', '**/jobs/**', '**/main', '**/main.js'],
      'Features stay framework-free: keep Fastify, Apollo, firebase-admin and stripe in http/ and integrations/.',
    ),
  },
  {
    files: ['server/src/shared/**/*.ts'],
    rules: restrict(
      ['**/features/**', '**/http/**', '**/integrations/**', '**/db/**', 'fastify', 'firebase-admin*'],
      'shared/ imports nothing above it.',
    ),
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/features/**', 'server/src/shared/**'],
    rules: restrict(
      ['@patentscout/indexer*', '@patentscout/client*', '**/indexer/**', '**/client/**'],
      'The server never imports the indexer or the client.',
    ),
  },
  {
    files: ['indexer/src/**/*.ts'],
    rules: restrict(
      [
        '@patentscout/server/http/*',
        '@patentscout/server/features/*',
        '@patentscout/client*',
        'fastify',
        '@apollo/*',
      ],
      'The indexer depends on schema and server/db only.',
    ),
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    rules: restrict(
      [
        '@patentscout/server*',
        '@patentscout/indexer*',
        '**/server/**',
        '**/indexer/**',
        'firebase-admin*',
        'pg',
        'kysely',
      ],
      'The client depends on schema only; server data comes through the API.',
    ),
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts', 'server/src/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
