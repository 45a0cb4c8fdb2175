import { expect, test } from './fixtures.js';
import pg from 'pg';
import { E2E_DATABASE_URL } from './e2e-env.js';
import { uniqueEmail } from './helpers.js';

test('Continue with Google signs a newcomer in through the Auth emulator, and a first Google sign-in registers the account', async ({
  page,
}) => {
  const email = uniqueEmail('gina');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a Google account' });
  await chooser.getByLabel('Google e-mail').fill(email);
  await chooser.getByLabel('Name').fill('Gina Google');
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("Welcome! You're signed in!")).toBeVisible();
  await page.getByRole('button', { name: "Let's Go!" }).click();
  await expect(page.getByText('Welcome, Gina Google!')).toBeVisible();

  // Google-managed identities cannot be edited in the app.
  await page.goto('/account');
  await expect(page.getByText('You signed in with Google')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeDisabled();

  // The registration call for a new Google user created the product's own account record, once.
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    const { rows } = await database.query('SELECT name FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([{ name: 'Gina Google' }]);
  } finally {
    await database.end();
  }
});
