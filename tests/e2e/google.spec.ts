import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E_DATABASE_URL } from './e2e-env.js';
import { uniqueEmail } from './helpers.js';

test('Continue with Google starts the Firebase popup flow, and a first Google sign-in registers the account', async ({
  page,
}) => {
  await page.goto('/');
  // Firebase's popup flow first loads Google's iframe loader from apis.google.com, which this
  // closed network cannot reach (so no popup window can open here). Seeing that request proves
  // the button runs the real signInWithPopup path; it is answered at once instead of timing out.
  await page.route(/apis\.google\.com/, (route) => route.abort('internetdisconnected'));
  const popupFlow = page.waitForRequest(/apis\.google\.com\/js\//);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await popupFlow;
  await expect(page.getByText('Welcome, please sign in.')).toBeVisible();

  // SPEC-NOTES: offline, the popup's own page cannot finish; sign in with the emulator's documented
  // fake Google credential through the same first-sign-in code path.
  const email = uniqueEmail('gina');
  await page.evaluate(async (address) => {
    const hooks = (
      window as unknown as { patentScoutDev: { signInWithGoogleClaims(claims: object): Promise<string> } }
    ).patentScoutDev;
    await hooks.signInWithGoogleClaims({ sub: `google-${address}`, email: address, name: 'Gina Google' });
  }, email);
  await expect(page.getByText("Welcome! You're signed in!")).toBeVisible();
  await page.getByRole('button', { name: "Let's Go!" }).click();
  await expect(page.getByText('Welcome, Gina Google!')).toBeVisible();

  // The registration call for a new Google user created the product's own account record.
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    const { rows } = await database.query('SELECT name FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([{ name: 'Gina Google' }]);
  } finally {
    await database.end();
  }
});
