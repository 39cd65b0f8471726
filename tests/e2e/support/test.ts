import { test as base, expect, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "./server";
import { PASSWORD, users, type UserKey } from "./users";

let counter = 0;

/** Each kept page's DevTools session. */
const keptSessions = new WeakMap<Page, CDPSession>();

/**
 * The browser context and page a worker keeps from test to test (decision 0052): a new
 * page is a new Chromium renderer, about a second on these machines, where navigating
 * the same page again takes a third of one.
 */
interface KeptContext {
  context: BrowserContext;
  page: Page;
  /** Our own DevTools session on the page, for what Playwright has no call for. */
  cdp: CDPSession;
  /** The test options it was made with; a test with other ones gets a new context. */
  options: string;
  /** The http(s) origins its pages have been on since the last reset: their storage is cleared. */
  origins: Set<string>;
  /** The call a test made that the reset cannot undo exactly; the context is closed after that test. */
  spoiledBy?: string;
  /** Its listeners when it was made (ours): a test's own are removed after it. */
  listeners: Map<Emitter, Map<string | symbol, unknown[]>>;
}

/** What Playwright's event emitters have beyond their published types. */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(event: string | symbol): unknown[];
  off(event: string | symbol, listener: unknown): unknown;
}

/**
 * Every test comes from its own client address, as separate visitors would, and fails
 * if the browser blocked anything under the Content-Security-Policy (a script the
 * nonce or the hashes of a cached page did not cover would leave the page dead).
 */
export const test = base.extend<{ contextOptionsKey: string }, { keptContext: { current?: KeptContext } }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    counter += 1;
    const ip = `10.${testInfo.workerIndex % 250}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
    await use({ ...extraHTTPHeaders, "x-forwarded-for": ip });
  },

  // Every option a context is made with, but the client address (set on the kept context per test).
  contextOptionsKey: [
    async (
      { acceptDownloads, bypassCSP, clientCertificates, colorScheme, contrast, deviceScaleFactor, forcedColors, geolocation, hasTouch, httpCredentials, ignoreHTTPSErrors, isMobile, javaScriptEnabled, locale, offline, permissions, proxy, reducedMotion, screen, serviceWorkers, storageState, timezoneId, userAgent, viewport, baseURL, contextOptions, actionTimeout, navigationTimeout },
      use,
    ) => {
      const { extraHTTPHeaders: _, ...otherContextOptions } = contextOptions;
      await use(JSON.stringify({ acceptDownloads, bypassCSP, clientCertificates, colorScheme, contrast, deviceScaleFactor, forcedColors, geolocation, hasTouch, httpCredentials, ignoreHTTPSErrors, isMobile, javaScriptEnabled, locale, offline, permissions, proxy, reducedMotion, screen, serviceWorkers, storageState, timezoneId, userAgent, viewport, baseURL, otherContextOptions, actionTimeout, navigationTimeout }));
    },
    { box: true },
  ],

  keptContext: [
    async ({ browser: _ }, use) => {
      const kept: { current?: KeptContext } = {};
      await use(kept);
      await kept.current?.context.close();
    },
    { scope: "worker", box: true },
  ],

  /**
   * One context and page per worker, reused: made by the first test that needs one (with
   * that test's options, as Playwright would make it) and reset after every test that
   * passed. A test with other options (a `test.use`: no JavaScript, a phone's width)
   * replaces it with one made for it; a test that failed, or made a call the reset cannot
   * undo (the clock, a viewport change, a DevTools session...), closes it, so the next
   * test starts in a new one, as every test did before.
   */
  context: async ({ browser, keptContext, contextOptionsKey, extraHTTPHeaders, javaScriptEnabled, permissions, geolocation, offline }, use, testInfo) => {
    let kept = keptContext.current;
    if (kept && (kept.options !== contextOptionsKey || kept.page.isClosed())) {
      await kept.context.close().catch(() => {});
      kept = keptContext.current = undefined;
    }
    if (kept) await kept.context.setExtraHTTPHeaders(extraHTTPHeaders ?? {});
    else kept = keptContext.current = await newKeptContext(await browser.newContext(), contextOptionsKey, javaScriptEnabled !== false);

    await use(kept.context);

    // (After a failure Playwright also starts a new worker, so a new browser.)
    if (testInfo.status !== "passed" || kept.spoiledBy) {
      keptContext.current = undefined;
      await kept.context.close();
      return;
    }
    try {
      await reset(kept, { permissions, geolocation, offline });
    } catch (error) {
      console.warn(`The kept browser context could not be reset, the next test gets a new one: ${String(error)}`);
      keptContext.current = undefined;
      await kept.context.close().catch(() => {});
    }
  },

  // The kept context's page: the context fixture, set up first, has just made or reset it.
  page: async ({ context: _, keptContext }, use) => {
    const { page, cdp } = keptContext.current!;
    const violations: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy")) violations.push(`${page.url()}: ${message.text()}`);
    };
    const onIssue = ({ issue }: { issue: { code: string; details: { contentSecurityPolicyIssueDetails?: unknown } } }) => {
      if (issue.code === "ContentSecurityPolicyIssue") violations.push(`${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
    };
    page.on("console", onConsole);
    cdp.on("Audits.issueAdded", onIssue);
    await use(page);
    page.off("console", onConsole);
    cdp.off("Audits.issueAdded", onIssue);
    expect(violations, "blocked by the Content-Security-Policy").toEqual([]);
  },
});

export { expect };

async function newKeptContext(context: BrowserContext, options: string, javaScriptEnabled: boolean): Promise<KeptContext> {
  const origins = new Set<string>();
  context.on("page", (page) => {
    // Every page of the context (a second tab too) waits for hydration after navigating.
    if (javaScriptEnabled) waitForHydrationAfterNavigating(page);
    page.on("framenavigated", (frame) => {
      // A frame whose navigation became a download (a PDF in the headless shell) has no URL.
      if (!URL.canParse(frame.url())) return;
      const { protocol, origin } = new URL(frame.url());
      if (protocol === "http:" || protocol === "https:") origins.add(origin);
    });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // DevTools' issues: a CSP violation a script caught (an eval probe) never reaches the console.
  await cdp.send("Audits.enable");
  const listeners = new Map([context, page].map((emitter) => [emitter as unknown as Emitter, listenersOf(emitter as unknown as Emitter)]));
  const kept: KeptContext = { context, page, cdp, options, origins, listeners };
  keptSessions.set(page, cdp);
  spoilOn(kept, context, ["addInitScript", "exposeBinding", "exposeFunction", "newCDPSession", "routeWebSocket", "setDefaultTimeout", "setDefaultNavigationTimeout", "setStorageState"]);
  spoilOn(kept, page, ["addInitScript", "exposeBinding", "exposeFunction", "addLocatorHandler", "routeWebSocket", "setDefaultTimeout", "setDefaultNavigationTimeout", "setExtraHTTPHeaders", "setViewportSize", "emulateMedia"]);
  // page.clock is the context's: installing it adds a script to every page from then on.
  spoilOn(kept, context.clock, ["install", "setFixedTime", "setSystemTime", "pauseAt", "fastForward", "runFor", "resume"]);
  return kept;
}

/**
 * Empties the browser's HTTP cache and the renderer's memory cache (dropped when caching is
 * switched off), as a first visit finds them: for a test that counts what a page requests.
 * On the kept page, through the kept context's own DevTools session; on any other page,
 * through a new one, which spoils the kept context (the next test gets a new one).
 */
export async function emptyHttpCache(page: Page) {
  const cdp = keptSessions.get(page) ?? (await page.context().newCDPSession(page));
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  await cdp.send("Network.clearBrowserCache");
}

/** Marks the kept context spoiled when a test calls one of these methods. */
function spoilOn(kept: KeptContext, target: object, methods: string[]) {
  for (const method of methods) {
    const original = (target as Record<string, unknown>)[method];
    if (typeof original !== "function") continue;
    Object.assign(target, {
      [method]: (...args: unknown[]) => {
        kept.spoiledBy ??= method;
        return original.apply(target, args);
      },
    });
  }
}

function listenersOf(emitter: Emitter) {
  return new Map(emitter.eventNames().map((event) => [event, emitter.rawListeners(event)]));
}

/**
 * Puts the kept context back as a new one would be, for everything a test here can
 * change through Playwright short of what spoils it: other pages, routes, listeners,
 * cookies, permissions, geolocation, the network, every visited origin's storage; the
 * page is left on about:blank with the mouse off it.
 */
async function reset(kept: KeptContext, defaults: { permissions?: string[]; geolocation?: { latitude: number; longitude: number }; offline?: boolean }) {
  const { context, page, cdp } = kept;
  for (const other of context.pages()) if (other !== page) await other.close();
  for (const [emitter, before] of kept.listeners) {
    for (const event of emitter.eventNames()) {
      for (const listener of emitter.rawListeners(event)) if (!before.get(event)?.includes(listener)) emitter.off(event, listener);
    }
  }
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await page.unrouteAll({ behavior: "ignoreErrors" });
  // The page leaves for about:blank by itself (the app stops before anything is cleared):
  // a navigation the browser starts would change renderer process twice (to about:blank
  // and back), costing what reuse saves.
  await leaveForBlank(page);
  await context.clearCookies();
  await context.clearPermissions();
  if (defaults.permissions) await context.grantPermissions(defaults.permissions);
  await context.setGeolocation(defaults.geolocation ?? null);
  await context.setOffline(defaults.offline ?? false);
  // That blank page keeps the origin it came from, whose sessionStorage (the tab's, it
  // outlives navigations) is cleared there. Other origins the page was on are opened once
  // more as empty documents, answered here without reaching a server.
  const here = await page.evaluate(() => self.origin);
  if (kept.origins.has(here)) await page.evaluate(() => sessionStorage.clear());
  const elsewhere = [...kept.origins].filter((origin) => origin !== here);
  if (elsewhere.length > 0) {
    await page.route(() => true, (route) => route.fulfill({ contentType: "text/html", body: "" }));
    for (const origin of elsewhere) {
      await page.goto(origin, { timeout: 10_000 });
      await page.evaluate(() => sessionStorage.clear());
    }
    await page.unrouteAll();
    await leaveForBlank(page);
  }
  // DevTools clears each origin's other storage: localStorage, IndexedDB, caches, service workers.
  for (const origin of kept.origins) await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  kept.origins.clear();
  // The HTTP cache stays, as a returning visitor's browser keeps it (decision 0059): pages are
  // `no-store` or revalidated at every use, so only the build's fingerprinted assets and the
  // images come from it. A test that counts what a page requests empties it (emptyHttpCache).
  await page.mouse.move(-1, -1);
}

async function leaveForBlank(page: Page) {
  await Promise.all([page.waitForURL("about:blank", { timeout: 10_000 }), page.evaluate(() => void location.replace("about:blank"))]);
}

/**
 * A page of a browser or context a test made itself (a second person, a phone), which
 * waits for hydration after navigating as the fixture's pages do: typed into before it,
 * a form's fields can be emptied by it (seen in CI). Not for a context without JavaScript.
 */
export async function newPersonPage(from: Browser | BrowserContext): Promise<Page> {
  const page = await from.newPage();
  waitForHydrationAfterNavigating(page);
  return page;
}

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

/**
 * Signs in over HTTP, as the login form posts, leaving the session cookie in the page's
 * context; the page itself stays where it is. For the tests about what comes after signing
 * in: the form, its redirects and its errors have tests of their own (sign-in.spec.ts,
 * guards.spec.ts, redirects.spec.ts, two-factor.spec.ts), and a page load of /login and one
 * of the dashboard cost about a second of browser and server work per test.
 */
export async function signInOverHttp(page: Page, who: UserKey) {
  const answer = await page.request.post("/login", { form: { email: users[who].email, password: PASSWORD }, headers: { origin: E2E_BASE_URL }, maxRedirects: 0 });
  expect(answer.status(), `signing in as ${who}: ${await answer.text()}`).toBe(302);
}

/** Signs in through the /login page as a person would. */
export async function signIn(page: Page, who: UserKey, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(users[who].email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}
