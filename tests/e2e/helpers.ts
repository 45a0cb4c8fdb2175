import { randomUUID } from 'node:crypto';
import { expect, type Page, type Request } from '@playwright/test';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * How long a test waits for a search's results: the product's own promise ("Searches can take up
 * to 1 minute."), not the default 15 s, which a busy CI machine can pass on a first search.
 */
export const SEARCH_WAIT = { timeout: 60_000 } as const;

export const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

/** Registers through the register dialog, as a visitor would. */
export async function registerWithEmail(
  page: Page,
  account: { email: string; name: string; password: string },
) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Register with Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register with Email' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Name').fill(account.name);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(toast(page, 'Please check your email to confirm your registration.')).toBeVisible();
  await expect(toast(page, 'Success.')).toBeVisible();
}

/** The newest link of this kind that the dev inbox lists for this address (the only one still valid). */
export async function devInboxLink(page: Page, email: string, kind: string): Promise<string> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Development e-mail inbox' }).click();
  await expect(page).toHaveURL(/\/dev\/emails$/);
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: kind }).first();
  await expect(row).toBeVisible();
  const link = await row.getByRole('link', { name: 'Open link' }).getAttribute('href');
  expect(link).toMatch(/\/auth\/action\?.*oobCode=/);
  return link!;
}

/**
 * Opens, in the dev mailbox, the newest message with this subject (refreshing while the mail job
 * has not sent it yet); answers the opened message.
 */
export async function openDevEmail(page: Page, subject: string) {
  await page.goto('/dev/emails');
  const listed = page.getByLabel('Messages').getByText(subject).first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(listed).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await listed.click();
  return page.getByRole('article', { name: `Message: ${subject}` });
}

/** Follows the verification link that the dev inbox lists for this address. */
export async function confirmEmailThroughDevInbox(page: Page, email: string) {
  await page.goto(await devInboxLink(page, email, 'VERIFY_EMAIL'));
  await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
}

export async function signInWithEmail(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Email' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

/** A new verified user, signed in: registration, the dev inbox's confirmation link, then sign-in. */
export async function signUpAndSignIn(
  page: Page,
  prefix: string,
): Promise<{ email: string; name: string; password: string }> {
  const name = prefix[0]!.toUpperCase() + prefix.slice(1);
  const account = { email: uniqueEmail(prefix), name, password: `${prefix}-password-7` };
  await registerWithEmail(page, account);
  await confirmEmailThroughDevInbox(page, account.email);
  await signInWithEmail(page, account.email, account.password);
  await expect(toast(page, 'Welcome back.')).toBeVisible();
  return account;
}

/** Runs an AI search from the search page, as a user types it, and waits for its results. */
export async function aiSearchFromHome(page: Page, text: string) {
  await page.goto('/home');
  const aiTab = page.getByRole('tabpanel', { name: 'AI Search' });
  await aiTab.getByRole('textbox', { name: 'Describe what you are looking for' }).fill(text);
  await aiTab.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/results\?/, SEARCH_WAIT);
  await expect(page.getByRole('article').first()).toBeVisible();
}

/** Adds the result card at `index` to an existing collection, from its "Add to collection" menu. */
export async function addFromCard(page: Page, index: number, collection: string) {
  const card = page.getByRole('article').nth(index);
  await card.getByRole('button', { name: 'Add to collection' }).click();
  await page.getByRole('menuitemcheckbox', { name: collection }).click();
  await expect(toast(page, `Added to “${collection}”.`).last()).toBeVisible();
}

/** Makes a new collection from the first "Add to collection" in `scope` (a card, or the patent page). */
export async function newCollectionFrom(
  page: Page,
  scope: ReturnType<Page['getByRole']> | Page,
  name: string,
) {
  await scope.getByRole('button', { name: 'Add to collection' }).first().click();
  await page.getByRole('button', { name: 'New collection...' }).click();
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create collection' }).click();
  await expect(toast(page, `Added to “${name}”.`)).toBeVisible();
}

/** Whether a browser request is the GraphQL operation of this name. */
export function isGraphqlOperation(request: Request, operationName: string): boolean {
  if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return false;
  const body = request.postDataJSON() as { operationName?: unknown } | null;
  return body?.operationName === operationName;
}

/** Answers every request of one GraphQL operation as given (a failing server), letting the others through. */
export async function answerGraphqlOperation(
  page: Page,
  operationName: string,
  answer: { status: number; body: string; contentType?: string } | 'network-failure',
): Promise<void> {
  await page.route('**/graphql', async (route) => {
    if (!isGraphqlOperation(route.request(), operationName)) return route.fallback();
    if (answer === 'network-failure') return route.abort('failed');
    return route.fulfill({ contentType: 'application/json', ...answer });
  });
}

/** The console errors the page logs from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** My Account, once its form has loaded. */
export async function openAccount(page: Page) {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible();
}

/** Saves the account form, confirming with the current password in the re-authentication dialog. */
export async function saveWithCurrentPassword(page: Page, password: string) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}
