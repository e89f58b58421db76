import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for the page's finite CSS transitions and animations (a dialog fading in, a menu sliding open)
 * to end: axe judges colour contrast on what is drawn, and a half-faded dialog has too little.
 * A transition may start a frame or two after the element appears (Mantine sets the entering state in
 * an animation frame), so the page is asked again after two frames until nothing finite runs.
 * Spinners (infinite animations) are left running; at most three seconds are waited.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const twoFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      await twoFrames();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((done) => setTimeout(done, deadline - Date.now())),
      ]);
    }
  });
}

/** Runs axe on the current page and fails on serious or critical violations. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Every rule still runs on every element; only the violations are collected in full (nothing here
    // reads the passes).
    .options({ resultTypes: ['violations'] })
    // axe.run in the page itself. The default (runPartial, then finishRun in a blank page it opens for
    // the purpose) is for cross-origin frames, which the app has none of; a new page per check cost
    // ~1 s each (a 22-check test: 39 s of axe → 16 s).
    .setLegacyMode(true)
    .analyze();
  const severe = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = severe.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
  expect(summary, `accessibility of ${label}`).toEqual([]);
}
