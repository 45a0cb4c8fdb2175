import { expect, test } from './fixtures.js';
import {
  devInboxLink,
  openAccount,
  saveWithCurrentPassword,
  signInWithEmail,
  signUpAndSignIn,
  toast,
  uniqueEmail,
} from './helpers.js';

test('editing the name asks for the current password, then saves it and goes home', async ({ page }) => {
  const account = await signUpAndSignIn(page, 'edna');
  await openAccount(page);
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Name').fill('Edna Renamed');
  await expect(save).toBeEnabled();

  // A wrong current password changes nothing and keeps the dialog open.
  await saveWithCurrentPassword(page, 'not-my-password');
  await expect(toast(page, 'Failed.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: "Confirm it's you" })).toBeVisible();
  await page
    .getByRole('dialog', { name: "Confirm it's you" })
    .getByRole('button', { name: 'Cancel' })
    .click();

  await saveWithCurrentPassword(page, account.password);
  await expect(toast(page, 'Updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await openAccount(page);
  await expect(page.getByLabel('Name')).toHaveValue('Edna Renamed');
});

test('a short new password is refused; a new password signs the user out and is the one that works', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'petra');
  await openAccount(page);
  await page.getByLabel('Password', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: "Confirm it's you" })).toHaveCount(0);

  const newPassword = 'a-brand-new-password';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await saveWithCurrentPassword(page, account.password);
  await expect(toast(page, 'Updated.')).toBeVisible();
  await expect(page.getByText('Welcome, please sign in.')).toBeVisible();

  await signInWithEmail(page, account.email, account.password);
  await expect(toast(page, "That didn't work. Try again?")).toBeVisible();
  await signInWithEmail(page, account.email, newPassword);
  await expect(toast(page, 'Welcome back.')).toBeVisible();
});

test('a new e-mail address takes effect once confirmed from the link sent to it', async ({ page }) => {
  const account = await signUpAndSignIn(page, 'emil');
  const newEmail = uniqueEmail('emil-new');
  await openAccount(page);
  await page.getByLabel('Email').fill(newEmail);
  await saveWithCurrentPassword(page, account.password);
  await expect(toast(page, 'Pending.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto(await devInboxLink(page, newEmail, 'VERIFY_AND_CHANGE_EMAIL'));
  await expect(page.getByRole('heading', { name: 'E-mail changed' })).toBeVisible();
  await expect(page.getByText(`Your account's e-mail address is now ${newEmail}.`)).toBeVisible();
  await openAccount(page);
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);

  await page.getByRole('navigation').getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Welcome, please sign in.')).toBeVisible();
  await signInWithEmail(page, account.email, account.password);
  await expect(toast(page, "That didn't work. Try again?")).toBeVisible();
  await signInWithEmail(page, newEmail, account.password);
  await expect(toast(page, 'Welcome back.')).toBeVisible();
  await openAccount(page);
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
});

test('deleting the account signs the user out for good', async ({ page }) => {
  const account = await signUpAndSignIn(page, 'dora');
  await openAccount(page);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(dialog).toContainText("can't be undone");
  await expect(dialog).toContainText('within 30 days');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    toast(page, 'Successfully deleted your account. Thank you for using PatentScout.'),
  ).toBeVisible();
  await expect(page.getByText('Welcome, please sign in.')).toBeVisible();

  await signInWithEmail(page, account.email, account.password);
  await expect(toast(page, "That didn't work. Try again?")).toBeVisible();
});

test('a forgotten password is reset on the in-app page the e-mailed link opens', async ({ page }) => {
  const account = await signUpAndSignIn(page, 'rosa');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: /password/i });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: /send/i }).click();
  await expect(toast(page, 'Password Reset Email Sent')).toBeVisible();

  await page.goto(await devInboxLink(page, account.email, 'PASSWORD_RESET'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('reset-and-remembered');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await signInWithEmail(page, account.email, 'reset-and-remembered');
  await expect(toast(page, 'Welcome back.')).toBeVisible();
});

test('an e-mailed sign-in link signs a newcomer in, with an account of their own', async ({ page }) => {
  const email = uniqueEmail('lina');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Email' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(toast(page, 'Sign-in link sent.')).toBeVisible();

  await page.goto(await devInboxLink(page, email, 'EMAIL_SIGNIN'));
  await expect(page.getByText("Welcome! You're signed in!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await openAccount(page);
  await expect(page.getByLabel('Email')).toHaveValue(email);
});
