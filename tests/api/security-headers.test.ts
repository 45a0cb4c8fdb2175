import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
