import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * The page's WCAG 2.1 A/AA and best-practice violations (serious and critical ones, or
 * every one with `all`), each as "rule: help (elements)", checked once nothing on the
 * page is moving: a toast or a dialog part-way through its entrance has half-transparent
 * text, which axe rightly scores low, and the page a person reads is the settled one.
 * Endless animations (a spinner) are not waited for.
 */
export async function accessibilityViolations(page: Page, { all = false }: { all?: boolean } = {}): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations
    .filter((v) => all || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
