import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { aiSearchFromHome, signUpAndSignIn } from './helpers.js';

/** §2's results footer line, word for word, the robot as text (issue 49). */
const AI_CAUTION = '🤖 Descriptions are based on AI. Please use with caution.';

/** Where the foot's picture is kept for a reader of the run (test-results/ is git-ignored). */
const FOOT_SCREENSHOT = path.join('test-results', 'ai-caution', 'results-foot.png');

/**
 * Whether the app's emoji font has loaded: a browser fetches a web font only for text on screen
 * that falls through to it, so here for the caution's robot (no system emoji font on this machine).
 */
async function emojiFontLoaded(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    let loaded = false;
    document.fonts.forEach((face) => {
      if (face.family.replace(/"/g, '') === 'PatentScout Emoji' && face.status === 'loaded') loaded = true;
    });
    return loaded;
  });
}

/**
 * How many colours the app's emoji font draws the robot in: a missing glyph (an empty box) or a
 * fallback to an outline font would draw it in one colour, or none.
 */
async function robotColours(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.font = '48px "PatentScout Emoji"';
    context.textBaseline = 'top';
    context.fillText('🤖', 4, 4);
    const pixels = context.getImageData(0, 0, 64, 64).data;
    const colours = new Set<string>();
    for (let index = 0; index < pixels.length; index += 4) {
      const [red, green, blue, alpha] = [
        pixels[index]!,
        pixels[index + 1]!,
        pixels[index + 2]!,
        pixels[index + 3]!,
      ];
      // Grey and black pixels (an outline glyph, an empty box) do not count.
      if (alpha > 200 && Math.max(red, green, blue) - Math.min(red, green, blue) > 40)
        colours.add(`${red >> 5},${green >> 5},${blue >> 5}`);
    }
    return colours.size;
  });
}

async function exportPdf(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Export \d+ results$/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^PDF/ }).click();
  return (await download).path();
}

test('the AI caution reads as the specification writes it, robot included, on the results page, the patent page and the PDF', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'caution');
  await aiSearchFromHome(page, 'a rechargeable lithium battery electrode with a longer life');

  // The results foot: the line's text is the spec's, and its robot is drawn by the app's own font.
  const foot = page.locator('footer').filter({ hasText: 'Descriptions are based on AI.' });
  await foot.scrollIntoViewIfNeeded();
  const line = foot.getByText(AI_CAUTION, { exact: true });
  await expect(line).toBeVisible();
  expect(await line.evaluate((element) => element.textContent)).toBe(AI_CAUTION);
  await expect(line.locator('.emoji')).toHaveCSS('font-family', /"PatentScout Emoji"/);
  await expect.poll(() => emojiFontLoaded(page)).toBe(true);
  expect(await robotColours(page)).toBeGreaterThan(3);
  await foot.screenshot({ path: FOOT_SCREENSHOT });

  // The PDF export's foot carries the same line as text.
  const pdf = await exportPdf(page);
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
  expect(text.replace(/\s+/g, ' ')).toContain(AI_CAUTION);

  // The patent page's AI block starts its caution note with the same line.
  await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
  const ai = page.getByRole('region', { name: 'AI insights' });
  await expect(ai.getByRole('alert')).toHaveText(
    /^🤖 Descriptions are based on AI\. Please use with caution\. /,
  );
});
