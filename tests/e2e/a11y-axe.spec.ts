import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.js';
import { openSettled, sweepEveryPage } from './a11y-pages.js';

// axe-core reads every element of a page (the results' cards, the docs): room for a busy machine.
test.describe.configure({ timeout: 180_000 });

/** WCAG 2.2 AA as axe-core checks it (issue 59); best-practice rules are left to review. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

sweepEveryPage('Axe: no serious or critical violation', { width: 1280, height: 720 }, async (page, path) => {
  await openSettled(page, path);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.slice(0, 5).map((node) => node.target.join(' '));
      return `${violation.id} [${violation.impact}]: ${targets.join(' | ')}`;
    });
  expect(serious).toEqual([]);
});
