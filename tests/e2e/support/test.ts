import { test as base, expect, type Page } from "@playwright/test";
import { PASSWORD, users, type UserKey } from "./users";

let counter = 0;

/**
 * Every test comes from its own client address, as separate visitors would, and fails
 * if the browser blocked anything under the Content-Security-Policy (a script the
 * nonce or the hashes of a cached page did not cover would leave the page dead).
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    counter += 1;
    const ip = `10.${testInfo.workerIndex % 250}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
    await use({ ...extraHTTPHeaders, "x-forwarded-for": ip });
  },
  // Every page of the test's context (a second tab too) waits for hydration after navigating.
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) context.on("page", waitForHydrationAfterNavigating);
    await use(context);
  },
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy")) violations.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    expect(violations, "blocked by the Content-Security-Policy").toEqual([]);
  },
});

export { expect };

/**
 * A page loads before React has attached its event handlers; a click in between falls on a
 * dead button (seen in CI: the Member Login dialog never opened). After every navigation a
 * test starts (goto, back, forward, reload), wait until the page says it is hydrated
 * (app/root.tsx), as a person waits for a page to respond. Pages without the app's scripts
 * (a PDF, a JSON answer) have nothing to wait for.
 */
function waitForHydrationAfterNavigating(page: Page) {
  const hydrated = () => page.waitForFunction(() => !document.querySelector('script[type="module"]') || document.documentElement.hasAttribute("data-hydrated"));
  for (const method of ["goto", "goBack", "goForward", "reload"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<Awaited<ReturnType<Page["reload"]>>>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await hydrated();
        return response;
      },
    });
  }
}

/** Signs in through the /login page as a person would. */
export async function signIn(page: Page, who: UserKey, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(users[who].email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}
