/**
 * Scroll smoothing (spec 000 §9, 700 ms) in the browser: the maker list's kana links glide to
 * their row and focus its heading; with reduced motion they jump.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * Opens the maker list in a short window, clicks its last kana link and samples the scroll
 * position every frame for 1.2 s: the distinct positions passed through, and when the row's
 * heading took focus (ms after the click).
 */
async function followLastRow(page: Page): Promise<{ positions: number[]; focusedAfter: number | null }> {
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 400 });
  await page.goto('/maker');
  const link = page.getByRole('navigation', { name: '読みで探す' }).getByRole('link').last();
  await expect(link).toBeVisible();
  return link.evaluate(
    (a) =>
      new Promise<{ positions: number[]; focusedAfter: number | null }>((resolve) => {
        const heading = document.getElementById(decodeURIComponent(a.getAttribute('href')!.slice(1)));
        const positions: number[] = [window.scrollY];
        let focusedAfter: number | null = null;
        const start = performance.now();
        const sample = () => {
          if (positions.at(-1) !== window.scrollY) positions.push(window.scrollY);
          if (focusedAfter === null && document.activeElement === heading) focusedAfter = performance.now() - start;
          if (performance.now() - start < 1_200) requestAnimationFrame(sample);
          else resolve({ positions, focusedAfter });
        };
        (a as HTMLAnchorElement).click();
        requestAnimationFrame(sample);
      }),
  );
}

test('a kana link glides to its row over 700 ms, then focuses it', async ({ page }) => {
  const { positions, focusedAfter } = await followLastRow(page);
  test.skip((positions.at(-1) ?? 0) < 300, 'the demo makers fit on one screen here');
  // Many steps in between, always forward, and the focus only once it has arrived.
  expect(positions.length).toBeGreaterThan(10);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(focusedAfter).not.toBeNull();
  expect(focusedAfter!).toBeGreaterThanOrEqual(650);
  await expect(page).toHaveURL(/\/maker#row-/);
});

test('with reduced motion the link jumps in one step', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { positions, focusedAfter } = await followLastRow(page);
  test.skip((positions.at(-1) ?? 0) < 300, 'the demo makers fit on one screen here');
  expect(positions).toHaveLength(2);
  expect(focusedAfter).not.toBeNull();
});
