import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/test";

interface HeaderWatch {
  styleSwitches: number;
  heightSwitches: number;
  scrollMoves: number;
  scrollY: number;
  scrolled: string | null;
}

/**
 * Watches the page frame by frame, from just before a wheel scroll of `distance` px until two
 * seconds after the page first moved: how often the header's style (data-scrolled), the header's
 * height and the scroll position changed. A header whose shrinking moved the page let Chromium's
 * scroll anchoring pull the page back under 50 px, and the header switched without end.
 */
async function watchHeaderAfterScrolling(page: Page, distance: number): Promise<HeaderWatch> {
  await page.evaluate(() => {
    const header = document.querySelector("header")!;
    const height = () => header.getBoundingClientRect().height;
    const watch = { styleSwitches: 0, heightSwitches: 0, scrollMoves: 0, scrollY: window.scrollY, scrolled: header.dataset.scrolled ?? null };
    new MutationObserver((records) => (watch.styleSwitches += records.length)).observe(header, { attributes: true, attributeFilter: ["data-scrolled"] });
    let lastHeight = height();
    let start = -1;
    (window as unknown as { headerWatch: Promise<HeaderWatch> }).headerWatch = new Promise((resolve) => {
      const sample = (now: number) => {
        if (window.scrollY !== watch.scrollY) {
          watch.scrollMoves += 1;
          watch.scrollY = window.scrollY;
        }
        if (height() !== lastHeight) {
          watch.heightSwitches += 1;
          lastHeight = height();
        }
        if (start < 0 && watch.scrollY > 0) start = now;
        if (start >= 0 && now - start >= 2000) resolve({ ...watch, scrolled: header.dataset.scrolled ?? null });
        else requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
  });
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, distance);
  return page.evaluate(() => (window as unknown as { headerWatch: Promise<HeaderWatch> }).headerWatch);
}

for (const path of ["/", "/articles", "/members"]) {
  test(`resting at 55 px of scroll on ${path}, the header switches to its scrolled style once and stays`, async ({ page }) => {
    if (path === "/members") {
      await signIn(page, "member");
      await expect(page).toHaveURL(/\/members$/);
    } else {
      await page.goto(path);
    }
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(100);

    const watched = await watchHeaderAfterScrolling(page, 55);

    expect(watched.styleSwitches).toBeLessThanOrEqual(1);
    expect(watched.heightSwitches).toBeLessThanOrEqual(1);
    // The page moved once, by the wheel, and nothing pulled it back.
    expect(watched.scrollMoves).toBe(1);
    expect(watched.scrollY).toBe(55);
    expect(watched.scrolled).toBe("true");
  });
}
