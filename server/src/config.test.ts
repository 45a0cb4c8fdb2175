import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:secret@db:5432/patentscout',
  FIREBASE_PROJECT_ID: 'patentscout-prod',
  FIREBASE_API_KEY: 'key',
  FIREBASE_AUTH_DOMAIN: 'patentscout-prod.firebaseapp.com',
  PUBLIC_URL: 'https://patentscout.example',
};

describe('loadConfig', () => {
  it('defaults to the embedded mode with the auth emulator', () => {
    const config = loadConfig({});
    expect(config.database).toMatchObject({ mode: 'embedded', port: 54329 });
    expect(config.auth).toMatchObject({ mode: 'emulator', projectId: 'demo-patentscout', emulatorPort: 9099 });
    expect(config.http).toEqual({ port: 3000, host: 'localhost', publicUrl: 'http://localhost:3000' });
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.database).toEqual({ mode: 'external', url: PRODUCTION.DATABASE_URL });
    expect(config.auth).toMatchObject({ mode: 'firebase', projectId: 'patentscout-prod' });
  });

  it.each(['DATABASE_URL', 'FIREBASE_PROJECT_ID', 'FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'PUBLIC_URL'])(
    'stops production start-up naming a missing %s',
    (name) => {
      const env: Record<string, string> = { ...PRODUCTION };
      delete env[name];
      expect(() => loadConfig(env)).toThrowError(new RegExp(`${name}: required when NODE_ENV=production`));
    },
  );

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

  it('refuses a demo- Firebase project in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, FIREBASE_PROJECT_ID: 'demo-x' })).toThrowError(/demo- project/);
  });
});
