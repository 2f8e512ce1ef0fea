import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.js';
import { ALL_PAGES } from './page-list.js';

// Phones: no page may scroll sideways at 360 or 390 px (the public header once measured 498 px at 390).

/** Elements wider than the viewport or reaching past its right edge, for a readable failure message. */
const overflowingElements = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Inside a box that scrolls or clips sideways, overflow is that box's business, not the page's.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (!clipped) found.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} right=${Math.round(box.right)}`);
    }
    return found.slice(0, 5);
  });

for (const width of [360, 390]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    const problems: string[] = [];
    let signedIn = false;
    for (const { path, admin } of ALL_PAGES) {
      if (admin && !signedIn) {
        await signIn(page);
        signedIn = true;
      }
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      if (scrollWidth > innerWidth) problems.push(`${path}: ${scrollWidth} px wide (${(await overflowingElements(page)).join(', ')})`);
    }
    expect(problems).toEqual([]);
  });
}
