import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:secret@db:5432/patentscout',
  FIREBASE_PROJECT_ID: 'patentscout-prod',
  FIREBASE_API_KEY: 'key',
  FIREBASE_AUTH_DOMAIN: 'patentscout-prod.firebaseapp.com',
  PUBLIC_URL: 'https://patentscout.example',
  SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
  MAIL_FROM: 'PatentScout <hello@patentscout.example>',
  APP_SECRET: 'a-production-secret-of-at-least-32-characters',
  STRIPE_SECRET_KEY: 'sk_live_key',
  STRIPE_WEBHOOK_SECRET: 'whsec_endpoint',
  STRIPE_PRICE_DISCOVER: 'price_discover',
  MAILING_LIST_URL: 'https://forms.patentscout.example/subscribe',
};

describe('loadConfig', () => {
  it('defaults to the embedded mode with the auth emulator', () => {
    const config = loadConfig({});
    expect(config.database).toMatchObject({ mode: 'embedded', port: 54329 });
    expect(config.auth).toMatchObject({
      mode: 'emulator',
      projectId: 'demo-patentscout',
      emulatorPort: 9099,
    });
    expect(config.http).toEqual({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      trustedProxies: 0,
    });
  });

  it('moves every local port and the data folder with PORT_OFFSET, a port named by its own variable still winning', () => {
    const config = loadConfig({ PORT_OFFSET: '10' });
    expect(config.http).toMatchObject({ port: 3010, publicUrl: 'http://localhost:3010' });
    expect(config.database).toMatchObject({ mode: 'embedded', port: 54339 });
    expect(config.auth).toMatchObject({ mode: 'emulator', emulatorPort: 9109 });
    expect(config.mail).toMatchObject({ mode: 'local', port: 2535 });
    expect(config.billing).toMatchObject({ mode: 'local', localPort: 12121 });
    expect(config.mailingList).toEqual({
      mode: 'local',
      port: 12122,
      url: 'http://127.0.0.1:12122/subscribe',
    });
    expect(config.dataDir).toBe(path.resolve('.data-10'));
    expect(config.portOffset).toBe(10);

    const named = loadConfig({
      PORT_OFFSET: '10',
      PORT: '4000',
      EMBEDDED_PG_PORT: '55000',
      DATA_DIR: 'copy',
    });
    expect(named.http.port).toBe(4000);
    expect(named.database).toMatchObject({ port: 55000, dataDir: path.resolve('copy', 'pg') });
    expect(named.mail).toMatchObject({ port: 2535 });
    expect(loadConfig({}).dataDir).toBe(path.resolve('.data'));
    expect(() => loadConfig({ PORT_OFFSET: '-1' })).toThrow(/PORT_OFFSET: /);
    expect(() => loadConfig({ PORT_OFFSET: '20000' })).toThrow(/PORT_OFFSET: /);
    expect(() => loadConfig({ PORT_OFFSET: '15' })).toThrow('PORT_OFFSET: must be a multiple of 10');
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.database).toEqual({ mode: 'external', url: PRODUCTION.DATABASE_URL });
    expect(config.auth).toMatchObject({ mode: 'firebase', projectId: 'patentscout-prod' });
    expect(config.mail).toEqual({ mode: 'smtp', url: PRODUCTION.SMTP_URL, from: PRODUCTION.MAIL_FROM });
    expect(config.modes.mail).toBe('SMTP (smtp.example:465)');
  });

  it('reads from no replica by default, and from each of SEARCH_DATABASE_URLS with its lag bound', () => {
    expect(loadConfig({}).readReplicas).toEqual({ urls: [], maxLagSeconds: 10 });
    expect(loadConfig({}).database).toMatchObject({ mode: 'embedded', replicas: 0 });
    const config = loadConfig({
      ...PRODUCTION,
      SEARCH_DATABASE_URLS:
        ' postgres://ro@replica-1:5432/patentscout, postgresql://ro@replica-2/patentscout ',
      SEARCH_REPLICA_MAX_LAG_SECONDS: '2.5',
    });
    expect(config.readReplicas).toEqual({
      urls: ['postgres://ro@replica-1:5432/patentscout', 'postgresql://ro@replica-2/patentscout'],
      maxLagSeconds: 2.5,
    });
    expect(loadConfig({ EMBEDDED_REPLICAS: '2' }).database).toMatchObject({ mode: 'embedded', replicas: 2 });
  });

  it('refuses a replica URL that is not Postgres, one named twice, embedded replicas beside DATABASE_URL and a negative lag bound', () => {
    expect(() => loadConfig({ SEARCH_DATABASE_URLS: 'mysql://replica/db' })).toThrowError(
      /SEARCH_DATABASE_URLS.*must be a postgres:\/\//,
    );
    expect(() =>
      loadConfig({ SEARCH_DATABASE_URLS: 'postgres://replica/db,postgres://replica/db' }),
    ).toThrowError(/SEARCH_DATABASE_URLS: names a replica twice/);
    expect(() => loadConfig({ ...PRODUCTION, EMBEDDED_REPLICAS: '1' })).toThrowError(
      /EMBEDDED_REPLICAS: only with the embedded database/,
    );
    expect(() => loadConfig({ EMBEDDED_REPLICAS: '9' })).toThrowError(/EMBEDDED_REPLICAS/);
    expect(() => loadConfig({ SEARCH_REPLICA_MAX_LAG_SECONDS: '-1' })).toThrowError(
      /SEARCH_REPLICA_MAX_LAG_SECONDS/,
    );
  });

  it('runs twice the cores of searches at once by default, SEARCH_CONCURRENCY when set, and refuses 0', () => {
    expect(loadConfig({}).search.concurrency).toBe(2 * availableParallelism());
    expect(loadConfig({ SEARCH_CONCURRENCY: '3' }).search.concurrency).toBe(3);
    expect(() => loadConfig({ SEARCH_CONCURRENCY: '0' })).toThrowError(/SEARCH_CONCURRENCY/);
  });

  it('sends mail to the embedded SMTP server by default, and refuses a malformed SMTP_URL', () => {
    expect(loadConfig({}).mail).toMatchObject({ mode: 'local', port: 2525 });
    expect(() => loadConfig({ SMTP_URL: 'mail.example' })).toThrowError(/SMTP_URL: must be an smtp:\/\//);
  });

  it.each([
    'DATABASE_URL',
    'FIREBASE_PROJECT_ID',
    'FIREBASE_API_KEY',
    'FIREBASE_AUTH_DOMAIN',
    'PUBLIC_URL',
    'SMTP_URL',
    'MAIL_FROM',
    'APP_SECRET',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_DISCOVER',
    'MAILING_LIST_URL',
  ])('stops production start-up naming a missing %s', (name) => {
    const env: Record<string, string> = { ...PRODUCTION };
    delete env[name];
    expect(() => loadConfig(env)).toThrowError(new RegExp(`${name}: required when NODE_ENV=production`));
  });

  it('posts the waiting list to the local form service by default, or to MAILING_LIST_URL', () => {
    expect(loadConfig({}).mailingList).toEqual({
      mode: 'local',
      port: 12112,
      url: 'http://127.0.0.1:12112/subscribe',
    });
    expect(loadConfig({ MAILING_LIST_LOCAL_PORT: '12200' }).mailingList.url).toBe(
      'http://127.0.0.1:12200/subscribe',
    );
    expect(loadConfig({ MAILING_LIST_URL: 'https://forms.example/f/123' }).mailingList).toEqual({
      mode: 'external',
      url: 'https://forms.example/f/123',
    });
    expect(() => loadConfig({ MAILING_LIST_URL: 'forms.example' })).toThrowError(/MAILING_LIST_URL/);
  });

  it("links the landing page to the app's own features and docs pages unless a public site is named", () => {
    expect(loadConfig({}).site).toEqual({ featuresUrl: '/features', docsUrl: '/docs' });
    expect(
      loadConfig({ FEATURES_URL: 'https://patentscout.example/features', DOCS_URL: '/help' }).site,
    ).toEqual({ featuresUrl: 'https://patentscout.example/features', docsUrl: '/help' });
    expect(() => loadConfig({ FEATURES_URL: 'javascript:alert(1)' })).toThrowError(
      /FEATURES_URL: must be a path of the app/,
    );
    expect(() => loadConfig({ DOCS_URL: '//elsewhere.example' })).toThrowError(/DOCS_URL/);
  });

  it('uses the local Stripe stand-in without a key, and Stripe only with its webhook secret and price', () => {
    expect(loadConfig({}).billing).toMatchObject({ mode: 'local', localPort: 12111 });
    expect(loadConfig(PRODUCTION).billing).toEqual({
      mode: 'stripe',
      secretKey: 'sk_live_key',
      webhookSecret: 'whsec_endpoint',
      priceDiscover: 'price_discover',
      localPort: 12111,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_key' })).toThrowError(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
  });

  it('names every malformed variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT:');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    }
  });

  it("names the problems of several parts' settings together", () => {
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_key',
        STRIPE_PRICE_DISCOVER: 'price_discover',
        DATABASE_URL: PRODUCTION.DATABASE_URL,
        EMBEDDED_REPLICAS: '2',
      }),
    ).toThrowError(
      /EMBEDDED_REPLICAS: only with the embedded database[^\n]*\n\s+- STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY$/,
    );
  });

  it('runs every role in one process by default; ROLE picks web or worker, and a bad role is named', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...PRODUCTION, ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'cron' })).toThrowError(/ROLE:/);
  });

  it('reads the metrics token and port, naming a short token or a bad port', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'a-token-of-16-chars+', METRICS_PORT: '9464' }).metrics).toEqual({
      token: 'a-token-of-16-chars+',
      port: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(/METRICS_TOKEN: must be at least 16/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrowError(/METRICS_PORT:/);
  });

  it('loads the demo corpus in the embedded mode only, unless DEMO_CORPUS_SIZE says otherwise', () => {
    expect(loadConfig({}).demoCorpusSize).toBe(20_000);
    expect(loadConfig(PRODUCTION).demoCorpusSize).toBe(0);
    expect(loadConfig({ ...PRODUCTION, DEMO_CORPUS_SIZE: '500' }).demoCorpusSize).toBe(500);
  });

  it('takes a Firebase Auth emulator run apart and a Stripe API address for staging', () => {
    const config = loadConfig({
      ...PRODUCTION,
      FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099',
      STRIPE_API_URL: 'http://stripe-stand-in:12111',
    });
    expect(config.auth).toMatchObject({ mode: 'firebase', emulatorHost: 'auth-emulator:9099' });
    expect(config.billing).toMatchObject({ mode: 'stripe', apiUrl: 'http://stripe-stand-in:12111' });
    expect(() => loadConfig({ ...PRODUCTION, FIREBASE_AUTH_EMULATOR_HOST: 'http://x' })).toThrowError(
      /FIREBASE_AUTH_EMULATOR_HOST: must be host:port/,
    );
  });

  it('refuses a demo- Firebase project in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, FIREBASE_PROJECT_ID: 'demo-x' })).toThrowError(/demo- project/);
  });

  it('uses the offline summarizer and leaves the Lens re-index off unless their variables are set', () => {
    const config = loadConfig({});
    expect(config.summarizer).toEqual({ mode: 'offline' });
    expect(config.lens).toEqual({
      apiUrl: 'https://api.lens.org/patent/search',
      token: undefined,
      reindexCron: '0 3 * * 1',
      reindexQuery: undefined,
    });
  });

  it('configures an OpenAI-compatible model and the Lens API from their variables', () => {
    const config = loadConfig({
      OPENAI_API_KEY: 'sk-x',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL: 'llama3.1',
      OPENAI_CONCURRENCY: '2',
      OPENAI_TIMEOUT_SECONDS: '90',
      LENS_API_TOKEN: 'lens-token',
      REINDEX_CRON: '0 4 * * 0',
      REINDEX_QUERY: 'applicant.name:CSIRO',
    });
    expect(config.summarizer).toEqual({
      mode: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-x',
      model: 'llama3.1',
      concurrency: 2,
      timeoutMs: 90_000,
    });
    expect(config.lens).toMatchObject({
      token: 'lens-token',
      reindexCron: '0 4 * * 0',
      reindexQuery: 'applicant.name:CSIRO',
    });
  });

  it('names a malformed re-index schedule', () => {
    expect(() => loadConfig({ REINDEX_CRON: 'weekly' })).toThrowError(
      /REINDEX_CRON: must be a cron expression of five fields/,
    );
  });
});
