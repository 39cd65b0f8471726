import type { Locator, Page } from "@playwright/test";
import { expect, signInOverHttp, test } from "./support/test";

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
      await signInOverHttp(page, "member");
      await page.goto("/members");
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

/** The header's links and buttons on a wide screen, signed out or signed in. */
function headerControls(page: Page, signedIn: boolean): Locator[] {
  const header = page.getByRole("banner");
  const nav = header.getByRole("navigation", { name: "Main" });
  return [
    header.getByRole("link", { name: "Relentless", exact: true }),
    ...["Home", "Services", "About", "Transformations", "Contact"].map((name) => nav.getByRole("link", { name, exact: true })),
    ...(signedIn
      ? [header.getByRole("button", { name: "Maya" })]
      : [header.getByRole("button", { name: "Member Login" }), header.getByRole("link", { name: "Get Started" })]),
  ];
}

/** The box of an element and how many lines its text takes. */
async function layoutOf(control: Locator) {
  return control.evaluate((element) => {
    const lineTops = new Set<number>();
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of range.getClientRects()) if (rect.width > 0) lineTops.add(Math.round(rect.top));
    }
    const box = element.getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      height: box.height,
      lines: lineTops.size,
      clipped: element.scrollWidth > element.clientWidth,
    };
  });
}

for (const signedIn of [false, true]) {
  test(`the header's links and buttons each fit on one line from 1024 px up (${signedIn ? "signed in" : "signed out"})`, async ({ page }) => {
    if (signedIn) {
      await signInOverHttp(page, "member");
      await page.goto("/members");
    } else {
      await page.goto("/");
    }
    for (const width of [1024, 1080, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const controls = headerControls(page, signedIn);
      for (const control of controls) await expect(control).toBeVisible();
      const boxes = [];
      for (const control of controls)
        boxes.push({
          name: await control.textContent(),
          ...(await layoutOf(control)),
        });
      for (const box of boxes) {
        expect(box.lines, `${box.name} at ${width} px`).toBe(1);
        expect(box.height, `${box.name} at ${width} px`).toBeLessThanOrEqual(44);
        expect(box.clipped, `${box.name} at ${width} px`).toBe(false);
      }
      // Left to right in reading order, none over another, all inside the window.
      for (let i = 1; i < boxes.length; i += 1) {
        expect(boxes[i]!.left, `${boxes[i]!.name} after ${boxes[i - 1]!.name} at ${width} px`).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
      }
      expect(boxes[0]!.left).toBeGreaterThanOrEqual(0);
      expect(boxes.at(-1)!.right).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
  });
}

test("the bar's and the footer's links move within the document, and the bar marks the page it is on", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await main.getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(main.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
  await expect(main.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(main.locator("[aria-current=page]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
