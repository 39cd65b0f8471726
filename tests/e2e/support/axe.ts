import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const ATTEMPTS = 5;

/** Resolves once no finite animation or transition runs, two frames after the last change (a transition starts on the next frame). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The page's WCAG 2.1 A/AA and best-practice violations (serious and critical ones, or
 * every one with `all`), each as "rule: help (elements)", judged on the settled page: a
 * toast or a dialog part-way through its entrance or exit has half-transparent text, which
 * axe rightly scores low. A violation that is still there after the page has settled
 * again (up to five looks) is a real one and is returned. Endless animations (a spinner)
 * are not waited for.
 */
export async function accessibilityViolations(page: Page, { all = false }: { all?: boolean } = {}): Promise<string[]> {
  let found: string[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    await settled(page);
    // axe.run in the page itself: the default runs each frame apart and joins the results in a
    // new blank page (a new renderer, about half a second a look); these pages have no frames.
    // Only the violations are read: every rule still runs on every element and each violation
    // still lists all its elements, but the passing and "needs review" results are not written
    // out node by node (a selector and an HTML excerpt each), about a third of each look's time.
    const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(WCAG).setLegacyMode().analyze();
    found = results.violations
      .filter((v) => all || v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    if (found.length === 0) return found;
  }
  return found;
}
