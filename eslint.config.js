import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (ARCHITECTURE.md, ADR 0152): client -> schema; server/http -> features -> repo
 * -> db; features never import web frameworks or vendor SDKs; server -> db -> schema and indexer
 * -> db, schema: the indexer never imports the server, db/ imports neither (their tests may use the
 * server's test harness, `@patentscout/server/testing/*`), and only scripts/ and tests/ import the
 * indexer. Outside db/, the data package is reached through its entry, `@patentscout/db`. In the
 * client (ADR 0182): app/ (the shell) -> features/ -> session/ -> ui/, and a feature reaches
 * another only through its index.ts. The platform (logger, job contract, command-line reader; ADR
 * 0188) is the bottom floor of the Node parts: it imports no package of ours, and the client none of it.
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
const SETTINGS_NOT_CONFIG = {
  group: ['**/config', '**/config.js'],
  message:
    'A part receives its own settings (typed in its *.settings.ts): only the composition root, the test harness and scripts import config.ts.',
};
const ONE_ENGINE_ENTRY = {
  group: ['**/engine/*', '!**/engine/index*'],
  message: 'The search engine is reached through its public entry, engine/index.ts.',
};
const ONE_DATA_ENTRY = {
  group: ['@patentscout/db/*', '**/db/src/**'],
  message: "The data package is reached through its public entry, '@patentscout/db'.",
};
const NOTHING_IMPORTS_THE_INDEXER = {
  group: ['@patentscout/indexer', '@patentscout/indexer/*', '**/indexer/src/**'],
  message: 'Only scripts/ and tests/ import the indexer.',
};
const SERVER_NEVER_IMPORTS_CLIENTS = {
  group: ['@patentscout/indexer*', '@patentscout/client*', '**/indexer/**', '**/client/**'],
  message: 'The server never imports the indexer or the client.',
};

const CLIENT_SCHEMA_ONLY = {
  group: [
    '@patentscout/server*',
    '@patentscout/db*',
    '@patentscout/indexer*',
    '@patentscout/platform*',
    '**/server/**',
    '**/indexer/**',
    'firebase-admin*',
    'pg',
    'kysely',
  ],
  message: 'The client depends on schema only; server data comes through the API.',
};
/** The client's floors (ADR 0182): app/ (the shell) -> features/ -> session/ -> ui/. */
const FEATURES_BELOW_THE_SHELL = {
  group: ['**/app/*'],
  message:
    'Features never import the shell (client/src/app/): the signed-in user, the account and the API client are in session/.',
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
      // A named public face (ADR 0184): every module names what it exports.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'Name what a module exports (export { a, type B } from …), never export *.',
        },
      ],
    },
  },
  {
    files: ['server/src/features/**/*.{ts,tsx}'],
    ignores: ['server/src/features/**/*.test.ts', 'server/src/features/search/engine/**'],
    rules: restrict(
      FEATURES_STAY_FRAMEWORK_FREE,
      ONE_ENGINE_ENTRY,
      ONE_DATA_ENTRY,
      NOTHING_IMPORTS_THE_INDEXER,
      SETTINGS_NOT_CONFIG,
    ),
  },
  {
    files: ['server/src/features/search/engine/**/*.ts'],
    ignores: ['server/src/features/**/*.test.ts'],
    rules: restrict(
      FEATURES_STAY_FRAMEWORK_FREE,
      ONE_DATA_ENTRY,
      NOTHING_IMPORTS_THE_INDEXER,
      SETTINGS_NOT_CONFIG,
    ),
  },
  {
    files: ['server/src/shared/**/*.ts'],
    rules: restrict({
      group: [
        '**/features/**',
        '**/http/**',
        '**/integrations/**',
        '**/db/**',
        '@patentscout/db/*',
        'fastify',
        'firebase-admin*',
      ],
      message: 'shared/ imports nothing above it.',
    }),
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/features/**', 'server/src/shared/**'],
    rules: restrict(SERVER_NEVER_IMPORTS_CLIENTS, ONE_ENGINE_ENTRY, ONE_DATA_ENTRY),
  },
  {
    files: ['server/src/http/**/*.ts', 'server/src/integrations/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: restrict(SERVER_NEVER_IMPORTS_CLIENTS, ONE_ENGINE_ENTRY, ONE_DATA_ENTRY, SETTINGS_NOT_CONFIG),
  },
  {
    // The engine's test kit hands the engine's own tests its parts (natural, advanced, the plan's
    // tuning) with their inputs given directly, and testing/internals.ts hands tests and benchmarks
    // outside server/ the stages they profile: the two files outside engine/ that reach inside it.
    files: ['server/src/testing/search-engine-kit.ts', 'server/src/testing/internals.ts'],
    rules: restrict(SERVER_NEVER_IMPORTS_CLIENTS, ONE_DATA_ENTRY),
  },
  {
    files: ['indexer/src/**/*.ts'],
    ignores: ['indexer/src/**/*.test.ts'],
    rules: restrict(ONE_DATA_ENTRY, {
      group: [
        '@patentscout/server',
        '@patentscout/server/*',
        '**/server/src/**',
        '@patentscout/client*',
        'fastify',
        '@apollo/*',
      ],
      message:
        'The indexer depends on @patentscout/db and schema only: whoever starts it passes its settings.',
    }),
  },
  {
    files: ['indexer/src/**/*.test.ts'],
    rules: restrict(ONE_DATA_ENTRY, {
      regex: '^@patentscout/server/(?!testing/|config$|supervisor/)|/server/src/',
      message: "The indexer's tests use the server's test harness, config and supervisor only.",
    }),
  },
  {
    files: ['db/src/**/*.ts'],
    ignores: ['db/src/**/*.test.ts'],
    rules: restrict({
      group: [
        '@patentscout/server',
        '@patentscout/server/*',
        '@patentscout/indexer*',
        '**/server/src/**',
        '**/indexer/src/**',
      ],
      message: 'The data package imports neither the server nor the indexer.',
    }),
  },
  {
    files: ['db/src/**/*.test.ts'],
    rules: restrict({
      regex: '^@patentscout/(server/(?!testing/)|indexer)|/(server|indexer)/src/',
      message: "The data package's tests use the server's test harness (@patentscout/server/testing/*) only.",
    }),
  },
  {
    files: ['platform/src/**/*.ts'],
    rules: restrict({
      group: ['@patentscout/*', '**/schema/src/**', '**/db/src/**', '**/server/src/**', '**/indexer/src/**'],
      message: 'The platform is the bottom floor: it imports no package of ours.',
    }),
  },
  {
    // tests/, tests/bench/ and scripts/ use each package through its named entries, as any other
    // importer would: a path into a package's src/ would bypass the face it publishes.
    files: ['tests/**/*.ts', 'scripts/**/*.ts'],
    rules: restrict(ONE_DATA_ENTRY, {
      group: ['**/platform/src/**', '**/schema/src/**', '**/server/src/**', '**/indexer/src/**'],
      message: "Use the package's named entry (@patentscout/<package>/…), not a path into its src/.",
    }),
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    rules: restrict(CLIENT_SCHEMA_ONLY),
  },
  {
    files: ['client/src/features/**/*.{ts,tsx}'],
    rules: restrict(CLIENT_SCHEMA_ONLY, FEATURES_BELOW_THE_SHELL),
  },
  {
    files: ['client/src/features/*/*.{ts,tsx}'],
    ignores: ['client/src/features/**/*.test.{ts,tsx}'],
    rules: restrict(CLIENT_SCHEMA_ONLY, FEATURES_BELOW_THE_SHELL, {
      regex: '^\\.\\./[^/.]+/',
      message: "Another feature is reached through its index.ts ('../results'), not its files.",
    }),
  },
  {
    files: ['client/src/session/**/*.{ts,tsx}'],
    rules: restrict(CLIENT_SCHEMA_ONLY, {
      group: ['**/app/*', '**/features/*', '**/features/**'],
      message: 'session/ sits below the features and the shell: it imports neither.',
    }),
  },
  {
    files: ['client/src/ui/**/*.{ts,tsx}'],
    rules: restrict(CLIENT_SCHEMA_ONLY, {
      group: ['**/app/*', '**/features/*', '**/features/**', '**/session/*'],
      message:
        'ui/ is the ground floor: shared presentational pieces that import nothing of the client above them.',
    }),
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts', 'server/src/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
