import { LEGAL_STATUSES } from '@patentscout/schema';
import { expect, test } from './fixtures.js';
import { sql } from './e2e-db.js';
import {
  answerGraphqlOperation,
  isGraphqlOperation,
  openAccount,
  saveWithCurrentPassword,
  SEARCH_WAIT,
  signUpAndSignIn,
  toast,
} from './helpers.js';

/** The specification's words for the account form and the search page (issue 37): §2, §3, §4, §5, §8. */

const QUERY = 'a rechargeable lithium battery electrode with a longer life';

test('Save is enabled once a field differs; a short new password gets the alert on save; a one-character name is saved', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'sam');
  await openAccount(page);
  const save = page.getByRole('button', { name: 'Save changes' });
  const tooShort = page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' });
  await expect(save).toBeDisabled();

  for (const password of ['12345', '123456']) {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(tooShort).toBeVisible();
    await expect(page.getByRole('dialog', { name: "Confirm it's you" })).toHaveCount(0);
  }

  await page.getByLabel('Password', { exact: true }).fill('');
  await expect(save).toBeDisabled();
  await page.getByLabel('Name').fill('S');
  await expect(save).toBeEnabled();
  await saveWithCurrentPassword(page, account.password);
  await expect(toast(page, 'Updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  expect(await sql('SELECT name FROM users WHERE email = $1', [account.email])).toEqual([{ name: 'S' }]);
});

test('the waiting-list button is hidden when the account has no name, and when it has no e-mail', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'nina');
  const panel = page.getByRole('tabpanel', { name: 'Previous Searches' });
  const button = panel.getByRole('button', { name: 'Join the waiting list' });
  const reloadAccount = async () => {
    const accountLoaded = page.waitForResponse((response) =>
      isGraphqlOperation(response.request(), 'ViewerAccount'),
    );
    await page.reload();
    await accountLoaded;
    // Its answer is in once the header's spinner is gone (§2: a spinner while the account loads).
    await expect(page.getByRole('status').filter({ hasText: 'Loading your account...' })).toHaveCount(0);
    await expect(panel.getByText('Your searches will be listed here.')).toBeVisible();
  };
  await page.goto('/home?tab=previous');
  await expect(button).toBeVisible();

  await sql(`UPDATE users SET name = '' WHERE email = $1`, [account.email]);
  await reloadAccount();
  await expect(button).toHaveCount(0);

  // The name back, and an account record that answers without an e-mail (the server keeps the
  // row's address in step with the sign-in token, so the answer itself is changed): hidden as well.
  await sql(`UPDATE users SET name = $2 WHERE email = $1`, [account.email, account.name]);
  await page.route('**/graphql', async (route) => {
    if (!isGraphqlOperation(route.request(), 'ViewerAccount')) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data: { viewerAccount: { email: string } } };
    body.data.viewerAccount.email = '';
    return route.fulfill({ response, json: body });
  });
  await reloadAccount();
  await expect(button).toHaveCount(0);
});

test('a search request carries all five keys: empty lists and the whole year range included', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'kay');
  await page.goto('/home');
  const aiTab = page.getByRole('tabpanel', { name: 'AI Search' });
  const searched = page.waitForRequest((request) => isGraphqlOperation(request, 'AiSearch'));
  await aiTab.getByRole('textbox', { name: 'Describe what you are looking for' }).fill(QUERY);
  await aiTab.getByRole('button', { name: 'Search', exact: true }).click();
  const request = await searched;
  const allKeys = { query: QUERY, ipc_filters: [], legal_status: [], jurisdiction: [], years: [1824, 2050] };
  expect((request.postDataJSON() as { variables: { input: unknown } }).variables.input).toEqual(allKeys);
  // §4: a search may take up to a minute.
  await expect(page).toHaveURL(/\/search\/results\?.*set=([0-9a-f-]{36})/, SEARCH_WAIT);
  const keptSet = new URL(page.url()).searchParams.get('set');

  // The same five keys through REST (§7: POST /api/v1/ai-search with the search request) are the
  // same search: the kept answer of the browser's GraphQL search replays, no second count.
  const rest = await page.request.post('/api/v1/ai-search', {
    headers: { authorization: (await request.allHeaders())['authorization'] ?? '' },
    data: allKeys,
  });
  expect(rest.status()).toBe(200);
  const restAnswer = (await rest.json()) as { result_set_id: string; data: unknown[] };
  expect(restAnswer.result_set_id).toBe(keptSet);
  expect(restAnswer.data.length).toBeGreaterThan(0);

  await page.goto('/home?tab=advanced');
  await page.getByRole('checkbox', { name: 'Pending', exact: true }).check();
  const advanced = page.waitForRequest((request) => isGraphqlOperation(request, 'BooleanSearch'));
  const advancedTab = page.getByRole('tabpanel', { name: 'Advanced Search' });
  await advancedTab.getByRole('combobox', { name: 'Advanced search query' }).fill('title:(battery)');
  await advancedTab.getByRole('button', { name: 'Search', exact: true }).click();
  expect(((await advanced).postDataJSON() as { variables: { input: unknown } }).variables.input).toEqual({
    query: 'title:(battery)',
    ipc_filters: [],
    legal_status: ['pending'],
    jurisdiction: [],
    years: [1824, 2050],
  });
});

test('a failed search without a message says "Something went wrong performing a search."; no answer at all gets the hopeful text', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'fallback');
  await page.goto('/home');
  const aiTab = page.getByRole('tabpanel', { name: 'AI Search' });
  const search = async () => {
    await aiTab.getByRole('textbox', { name: 'Describe what you are looking for' }).fill(QUERY);
    await aiTab.getByRole('button', { name: 'Search', exact: true }).click();
  };

  await answerGraphqlOperation(page, 'AiSearch', { status: 502, body: '{}' });
  await search();
  const failed = toast(page, 'Error completing your search');
  await expect(failed).toContainText('Something went wrong performing a search.');
  await failed.getByRole('button', { name: 'Close notification' }).click();
  await expect(failed).toHaveCount(0);

  await page.unrouteAll();
  await answerGraphqlOperation(page, 'AiSearch', 'network-failure');
  await search();
  await expect(toast(page, 'Error completing your search')).toContainText(
    'Sometimes with amazing tools, things go wrong - please try again as we continue to make this better and better 🙏',
  );
});

test('every legal status has a help text, reached by mouse and keyboard and read as the option description', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'lena');
  await page.goto('/home');
  const filters = page.getByRole('complementary', { name: 'Search filters' });
  const statuses = filters.getByRole('group', { name: 'Legal status' });
  expect(LEGAL_STATUSES).toHaveLength(8);
  for (const status of LEGAL_STATUSES) {
    const option = statuses.getByRole('checkbox', { name: status.label, exact: true });
    await expect(option).toHaveAccessibleDescription(status.help);
    const help = statuses.getByRole('button', { name: `About ${status.label}` });

    await help.hover();
    await expect(page.getByRole('tooltip')).toHaveText(status.help);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    await option.focus();
    await page.keyboard.press('Tab');
    await expect(help).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(status.help);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  }
});
