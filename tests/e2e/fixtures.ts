import { test as base, expect } from '@playwright/test';

/**
 * Every journey runs under the app's Content-Security-Policy; a violation Chromium reports on the
 * console (a blocked script, style, frame or connection) fails the test that caused it.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
