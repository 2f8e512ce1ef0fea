import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.js';
import { ALL_PAGES } from './page-list.js';

// axe-core on every page: no violation of serious or critical impact (WCAG 2.1 A and AA rules).

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

test('no page has serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  let signedIn = false;
  for (const { path, admin } of ALL_PAGES) {
    if (admin && !signedIn) {
      await signIn(page);
      signedIn = true;
    }
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const violation of await seriousViolations(page)) problems.push(`${path}: ${violation}`);
  }
  expect(problems).toEqual([]);
});
