import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('security headers', () => {
  it('sends a Content-Security-Policy and the usual protections on pages and API answers alike', async () => {
    for (const path of ['/', '/api/users/searchCount', '/app-config.json']) {
      const response = await fetch(`${app.baseUrl}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // The Firebase Auth emulator is the one other origin the embedded client talks to.
      const config = app.config.auth;
      if (config.mode === 'emulator') {
        expect(csp).toMatch(
          new RegExp(`connect-src 'self' http://${config.emulatorHost}:${config.emulatorPort}`),
        );
      }
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});

describe("security headers in the staging shape (a real project's settings, an emulator run apart)", () => {
  it('let the browser reach the emulator at its public address, which the client is given', async () => {
    const [host, port] = inject('authEmulatorHost').split(':');
    const publicUrl = `http://localhost:${port}`;
    const staging = await startTestApp({
      env: {
        FIREBASE_API_KEY: 'staging-api-key',
        FIREBASE_AUTH_DOMAIN: 'demo-patentscout-test.firebaseapp.com',
        FIREBASE_AUTH_EMULATOR_HOST: `${host}:${port}`,
        FIREBASE_AUTH_EMULATOR_PUBLIC_URL: publicUrl,
      },
    });
    try {
      const response = await fetch(`${staging.baseUrl}/app-config.json`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(new RegExp(`connect-src 'self' ${publicUrl} https://identitytoolkit`));
      expect(csp).toMatch(new RegExp(`frame-src 'self' ${publicUrl} `));
      expect(await response.json()).toMatchObject({ embedded: false, authEmulatorUrl: publicUrl });
    } finally {
      await staging.close();
    }
  });
});
