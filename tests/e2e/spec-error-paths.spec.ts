import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { sql } from './e2e-db.js';
import {
  answerGraphqlOperation,
  consoleErrors,
  devInboxLink,
  isGraphqlOperation,
  openAccount,
  saveWithCurrentPassword,
  signUpAndSignIn,
  toast,
  uniqueEmail,
} from './helpers.js';

/** The specification's words for the error paths (issue 34): §2 Error page, §7 and §8. */

async function expectAccountLoadErrorPage(page: Page) {
  await expect(page.getByRole('heading', { name: 'Unable to load user account' })).toBeVisible();
  await expect(page.getByText(/refresh/i).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  // Not the home page of a loaded account.
  await expect(page.getByRole('tab', { name: 'AI Search' })).toHaveCount(0);
}

test('a signed-in identity with no account record gets the account-load error page, and the 404 is logged in the spec words', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'orphan');
  await sql('DELETE FROM users WHERE email = $1', [account.email]);
  const errors = consoleErrors(page);
  await page.goto('/home');
  await expectAccountLoadErrorPage(page);
  expect(errors.join('\n')).toContain('Failed to get account details: 404');
});

test('an account that fails to load for another reason logs "Please try again later. Status: {code}"', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'outage');
  await answerGraphqlOperation(page, 'ViewerAccount', {
    status: 503,
    body: 'Service Unavailable',
    contentType: 'text/plain',
  });
  const errors = consoleErrors(page);
  await page.goto('/home');
  await expectAccountLoadErrorPage(page);
  const logged = errors.join('\n');
  expect(logged).toContain('Loading the user account failed');
  expect(logged).toContain('Failed to get account details: Please try again later. Status: 503');
});

test('saving the account sends both e-mail and name, as the account update payload says', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'una');
  await openAccount(page);
  await page.getByLabel('Name').fill('Una Renamed');
  const update = page.waitForRequest((request) => isGraphqlOperation(request, 'UpdateAccount'));
  await saveWithCurrentPassword(page, account.password);
  const { variables } = (await update).postDataJSON() as { variables: { input: unknown } };
  expect(variables.input).toEqual({ email: account.email, name: 'Una Renamed' });
  await expect(page).toHaveURL(/\/home$/);
});

test("failure toasts append the spec's error texts, not the transport's message", async ({ page }) => {
  const account = await signUpAndSignIn(page, 'fay');
  const internal = {
    status: 200,
    body: JSON.stringify({ errors: [{ message: 'socket hang up (internal)' }] }),
  };
  await answerGraphqlOperation(page, 'UpdateAccount', internal);
  await answerGraphqlOperation(page, 'DeleteAccount', internal);

  await openAccount(page);
  await page.getByLabel('Name').fill('Fay Renamed');
  await saveWithCurrentPassword(page, account.password);
  const updateFailed = toast(page, 'Failed.');
  await expect(updateFailed).toContainText(
    "Couldn't update your account. Please try again later. Failed to update user",
  );
  await expect(updateFailed).not.toContainText('socket hang up');

  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Account' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  const deleteFailed = toast(page, "Couldn't delete your account.");
  await expect(deleteFailed).toContainText('Failed');
  await expect(deleteFailed).toContainText(
    "Couldn't delete your account. Please try again later. Failed to delete your account",
  );
  await expect(deleteFailed).not.toContainText('socket hang up');
});

test('a used e-mail sign-in link shows "Error:" and the identity provider\'s error on the landing card', async ({
  page,
}) => {
  const email = uniqueEmail('lou');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  await page.getByRole('dialog', { name: 'Sign in with Email' }).getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(toast(page, 'Sign-in link sent.')).toBeVisible();
  const link = await devInboxLink(page, email, 'EMAIL_SIGNIN');
  await page.goto(link);
  await expect(page.getByText("Welcome! You're signed in!")).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Welcome, please sign in.')).toBeVisible();

  // The saved address went with the first use: the page asks for it, then the provider refuses the link.
  const prompted = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept(email);
    }),
  );
  await page.goto(link);
  expect(await prompted).toBe('Please provide your email for confirmation');
  await expect(page.getByText(/^Error: Firebase: .*\(auth\/[a-z-]+\)\.?$/)).toBeVisible();
  await expect(page.getByText("Welcome! You're signed in!")).toHaveCount(0);
});

test('a failed Google sign-in is only logged: no toast, the visitor stays signed out', async ({ page }) => {
  // The identity provider refuses the Google credential (§8: such errors get no special handling).
  await page.route('**/accounts:signInWithIdp*', (route) =>
    route.fulfill({
      status: 400,
      json: { error: { code: 400, message: 'INVALID_IDP_RESPONSE', errors: [] } },
    }),
  );
  const errors = consoleErrors(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a Google account' });
  await chooser.getByLabel('Google e-mail').fill(uniqueEmail('gail'));
  await chooser.getByLabel('Name').fill('Gail Google');
  const refused = page.waitForResponse((response) => response.url().includes('accounts:signInWithIdp'));
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await refused;
  await expect.poll(() => errors.join('\n')).toContain('Google sign-in failed');
  // The chooser stays for another try; closed, the landing card is as it was, with no toast.
  await chooser.getByRole('button', { name: 'Cancel' }).click();
  await expect(chooser).toHaveCount(0);
  await expect(page.getByText('Welcome, please sign in.')).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(page.getByText("Welcome! You're signed in!")).toHaveCount(0);
});
