import { expect, test } from './fixtures.js';
import { isGraphqlOperation, signUpAndSignIn } from './helpers.js';

test('a user orders a one-shot search, gets its PDF by e-mail and downloads it from previous searches', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'oona');

  // The header's count is read before the request, so only the request's answer can change it.
  const accountRead = page.waitForResponse((response) =>
    isGraphqlOperation(response.request(), 'ViewerAccount'),
  );
  await page.goto('/home?tab=oneshot');
  await accountRead;
  const tab = page.getByRole('tabpanel', { name: 'One-shot' });
  const question = tab.getByLabel('Describe the invention or idea');
  await question.fill('a rechargeable battery');
  await expect(tab.getByText('3 words (15-20 words suggested)')).toBeVisible();
  await question.fill(
    'a rechargeable lithium battery electrode that keeps its capacity for many years of use',
  );
  await tab.getByRole('button', { name: 'Start one-shot search' }).click();
  await expect(tab.getByRole('button', { name: 'Accepted' })).toBeDisabled();
  await expect(question).toBeDisabled();
  await expect(tab.getByText(/Request id: [0-9a-f-]{36}/)).toBeVisible();
  await expect(page.getByText("This month, you've done 1 searches.")).toBeVisible({ timeout: 10_000 });

  await page.getByRole('tab', { name: 'Previous Searches' }).click();
  const previous = page.getByRole('tabpanel', { name: 'Previous Searches' });
  const entry = previous.getByRole('listitem').filter({ hasText: 'keeps its capacity for many years' });
  await expect(entry.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await entry.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^PatentScout-one-shot-\d{4}-\d{2}-\d{2}\.pdf$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/dev/emails');
  const mail = page.getByText('PatentScout: your one-shot search is ready').first();
  // The mail job sends a moment after the report is done.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await mail.click();
  await expect(
    page.getByRole('list', { name: 'Attachments' }).getByRole('link', { name: /\.pdf$/ }),
  ).toBeVisible();
});
