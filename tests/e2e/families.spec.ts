import { expect, test } from './fixtures.js';
import { aiSearchFromHome, signUpAndSignIn } from './helpers.js';

const FAMILY_TOGGLE = /^\+(\d+) family members?\b/;

test('one card per simple family: "+N family members" expands to the members, each with its own page', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'families');
  await aiSearchFromHome(page, 'a rechargeable lithium battery electrode with a longer life');
  const cards = page.getByRole('article');

  // A family of several publications is one card, which names how many others it stands for.
  const card = cards.filter({ has: page.getByRole('button', { name: FAMILY_TOGGLE }) }).first();
  const toggle = card.getByRole('button', { name: FAMILY_TOGGLE });
  const others = Number(FAMILY_TOGGLE.exec((await toggle.textContent())!.trim())![1]);
  expect(others).toBeGreaterThan(0);
  await expect(toggle.locator('img.country-flag').first()).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const members = card.getByRole('list', { name: 'Family members' });
  await expect(members).toBeHidden();

  // Opened from the keyboard, it lists each member with its office, number, kind and date.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(members.getByRole('listitem')).toHaveCount(others);
  const memberLinks = members.getByRole('link');
  await expect(memberLinks.first()).toHaveText(/^[A-Z]{2} \S+ \S+$/);

  // No member of this family is a card of its own.
  const cardPaths = await cards
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const memberPaths = await memberLinks.evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
  );
  expect(memberPaths.filter((path) => cardPaths.includes(path))).toEqual([]);

  // A member's link opens its own page, whose filings list the publication the card showed.
  const cardNumber = (await card
    .getByText(/^[A-Z]{2} \S+ \S+$/)
    .first()
    .textContent())!.trim();
  const memberNumber = (await memberLinks.first().textContent())!.trim();
  await memberLinks.first().click();
  await expect(page).toHaveURL(
    new RegExp(`^[^?]*${memberPaths[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?q=`),
  );
  await expect(page.getByText(memberNumber).first()).toBeVisible();
  const filings = page.getByRole('region', { name: 'International Filings Overview' });
  await expect(filings).toContainText(cardNumber.split(' ')[1]!);
});
