import { expect, test } from './fixtures';
import { E2E } from './e2e-env';
import { registerWithEmail, signInWithEmail, toast, uniqueEmail } from './helpers';

/**
 * The staging shape in a browser: the app configured as for a real Firebase project, its accounts
 * on an emulator run apart that the browser reaches at FIREBASE_AUTH_EMULATOR_PUBLIC_URL, under
 * the app's Content-Security-Policy (the fixture fails the test on any violation).
 */
test.use({ baseURL: E2E.staging.baseUrl });

const emulatorApi = `http://127.0.0.1:${E2E.emulatorPort}/identitytoolkit.googleapis.com/v1`;

/** Staging has no dev inbox: the tester confirms the address at the emulator, as its link would. */
async function confirmAtTheEmulator(email: string, password: string): Promise<void> {
  const signIn = await fetch(`${emulatorApi}/accounts:signInWithPassword?key=staging-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { localId } = (await signIn.json()) as { localId: string };
  const update = await fetch(`${emulatorApi}/projects/${E2E.projectId}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true }),
  });
  expect(update.status).toBe(200);
}

test('a visitor registers and signs in on staging, through the emulator at its public address', async ({
  page,
}) => {
  const config = await (await page.request.get('/app-config.json')).json();
  expect(config).toMatchObject({
    embedded: false,
    firebase: { apiKey: 'staging-api-key' },
    authEmulatorUrl: `http://localhost:${E2E.emulatorPort}`,
  });
  const emulatorCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`http://localhost:${E2E.emulatorPort}/`)) emulatorCalls.push(request.url());
  });

  const account = { email: uniqueEmail('stella'), name: 'Stella', password: 'staging-password-7' };
  await registerWithEmail(page, account);
  await confirmAtTheEmulator(account.email, account.password);
  await signInWithEmail(page, account.email, account.password);
  await expect(toast(page, 'Welcome back.')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  // The browser's identity calls went to the public address, never to a name it cannot resolve.
  expect(emulatorCalls.some((url) => url.includes('accounts:signInWithPassword'))).toBe(true);
});
