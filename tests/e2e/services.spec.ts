import type { Locator, Page } from "@playwright/test";
import { facebookUrl } from "./fixtures/social";
import { isolatedServer } from "./support/server";
import { emptyHttpCache, expect, test } from "./support/test";

// The spec's figures, written out here rather than imported, so a wrong value on a page fails.

const pages = [
  { path: "/services", h1: "Services & Packages" },
  { path: "/services/personal-training", h1: "Personal Training" },
  { path: "/services/group-classes", h1: "Group Classes" },
  { path: "/services/nutrition-coaching", h1: "Nutrition Coaching" },
  { path: "/services/warrior-prep", h1: "Warrior Prep" },
];

function main(page: Page) {
  return page.getByRole("main");
}

function region(page: Page, name: string) {
  return main(page).getByRole("region", { name, exact: true });
}

function cardTitled(scope: Locator, name: string) {
  return scope.getByRole("article").filter({ has: scope.page().getByRole("heading", { level: 3, name, exact: true }) });
}

/**
 * On page `from`, expects each link (found by name in the page content) to point where its
 * pair says, and clicks through once per destination (the links are plain links: where
 * one of them goes, every link with the same address goes), then comes back with the
 * back button. One click per destination instead of per link keeps the walk short.
 */
async function expectLinksLeadTo(page: Page, from: string, links: Array<[name: string, to: RegExp]>) {
  await page.goto(from);
  const clicked = new Set<string>();
  for (const [name, to] of links) {
    const link = main(page).getByRole("link", { name, exact: true });
    await expect(link, name).toHaveCount(1);
    const href = new URL((await link.getAttribute("href"))!, page.url());
    expect(href.pathname + href.hash, name).toMatch(to);
    if (clicked.has(String(to))) continue;
    clicked.add(String(to));
    await link.click();
    await expect(page, name).toHaveURL(to);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${from}$`));
  }
}

async function expectPackages(scope: Locator, packages: Array<{ name: string; price: string; period: string; badge?: string }>, badge: string) {
  for (const pkg of packages) {
    const card = cardTitled(scope, pkg.name);
    await expect(card).toHaveCount(1);
    await expect(card.getByText(pkg.price, { exact: true })).toBeVisible();
    await expect(card.getByText(pkg.period, { exact: true })).toBeVisible();
    await expect(card.getByText(badge, { exact: true })).toHaveCount(pkg.badge ? 1 : 0);
  }
  await expect(scope.getByRole("article")).toHaveCount(packages.length);
}

test.describe("every service page", () => {
  test("answers 200 with one h1, headings in order, and its own title, description and canonical URL", async ({ page, baseURL }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path: url, h1 } of pages) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1, name: h1, exact: true })).toBeVisible();

      const levels = await main(page)
        .locator("h1, h2, h3, h4, h5, h6")
        .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
      expect(levels[0], url).toBe(1);
      levels.reduce((previous, level) => {
        expect(level, `${url}: h${level} after h${previous}`).toBeLessThanOrEqual(previous + 1);
        return level;
      });
      expect(levels.filter((l) => l === 2).length, url).toBeGreaterThanOrEqual(2);

      const title = await page.title();
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(title, url).toContain(h1 === "Services & Packages" ? "Services" : h1);
      expect(description.length, `${url} description: ${description}`).toBeGreaterThanOrEqual(110);
      expect(description.length, `${url} description: ${description}`).toBeLessThanOrEqual(165);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${url}`);
      titles.add(title);
      descriptions.add(description);
    }
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });
});

test.describe("/services", () => {
  test("shows the three weekly packages in pounds, Unlimited Access as Most Popular without 1:1 slots, and Direct Debit", async ({ page }) => {
    await page.goto("/services");
    const packages = region(page, "Weekly Packages");
    await expectPackages(
      packages,
      [
        { name: "Online Coaching", price: "£35", period: "/week" },
        { name: "Unlimited Access", price: "£42", period: "/week", badge: "Most Popular" },
        { name: "Personal Training", price: "£60", period: "/week" },
      ],
      "Most Popular",
    );
    await expect(cardTitled(packages, "Unlimited Access")).toContainText("Excludes 1:1 personal training slots");
    await expect(packages.getByText("Secure payments via Direct Debit", { exact: true })).toBeVisible();
  });

  test("'Get Started' on each package and 'Start Your Journey' go to the contact form", async ({ page }) => {
    await page.goto("/services");
    await main(page).getByRole("link", { name: "Compare Packages" }).click();
    await expect(page).toHaveURL(/\/services#packages$/);
    await expect(region(page, "Weekly Packages").getByRole("heading", { level: 2 })).toBeInViewport();
    const names = ["Get Started with Online Coaching", "Get Started with Unlimited Access", "Get Started with Personal Training", "Start Your Journey"];
    await expectLinksLeadTo(
      page,
      "/services",
      names.map((name) => [name, /\/contact#contactForm$/]),
    );
  });

  test("links to each service page", async ({ page }) => {
    const services = [
      ["Personal Training", "/services/personal-training"],
      ["Group Classes", "/services/group-classes"],
      ["Nutrition Coaching", "/services/nutrition-coaching"],
      ["Warrior Prep", "/services/warrior-prep"],
    ] as const;
    await page.goto("/services");
    for (const [name, to] of services) {
      await region(page, "Explore Our Services").getByRole("link", { name: `Learn more about ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/services$/);
    }
  });
});

test.describe("/services/personal-training", () => {
  test("lists 6 benefits, 4 features and the Starter, Standard (Most Popular) and Premium packages", async ({ page }) => {
    await page.goto("/services/personal-training");
    await expect(region(page, "Why Personal Training?").getByRole("listitem")).toHaveCount(6);
    await expect(region(page, "What You Get").getByRole("heading", { level: 3 })).toHaveCount(4);
    await expectPackages(
      region(page, "Personal Training Packages"),
      [
        { name: "Starter", price: "£300", period: "4 sessions" },
        { name: "Standard", price: "£560", period: "8 sessions", badge: "Most Popular" },
        { name: "Premium", price: "£780", period: "12 sessions" },
      ],
      "Most Popular",
    );
  });

  test("every call to action leads to /contact or /about", async ({ page }) => {
    await expectLinksLeadTo(page, "/services/personal-training", [
      ...["Book a Session", "Choose Starter", "Choose Standard", "Choose Premium", "Book Your First Session"].map((name): [string, RegExp] => [name, /\/contact$/]),
      ["Meet Your Coach", /\/about$/],
    ]);
  });
});

test.describe("/services/group-classes", () => {
  const classTypes = [
    { name: "HIIT Training", duration: "45 min", intensity: "High", max: "Max 8" },
    { name: "Strength & Conditioning", duration: "60 min", intensity: "Medium-High", max: "Max 6" },
    { name: "Functional Fitness", duration: "50 min", intensity: "Medium", max: "Max 10" },
    { name: "Core & Flexibility", duration: "45 min", intensity: "Low-Medium", max: "Max 12" },
  ];
  const schedule = [
    ["Monday", "6:00 AM", "HIIT Training"],
    ["Monday", "7:00 PM", "Strength & Conditioning"],
    ["Wednesday", "6:00 AM", "Functional Fitness"],
    ["Wednesday", "7:00 PM", "Core & Flexibility"],
    ["Friday", "6:00 AM", "HIIT Training"],
    ["Friday", "7:00 PM", "Strength & Conditioning"],
    ["Saturday", "9:00 AM", "Functional Fitness"],
  ] as const;

  test("shows 4 benefits and the 4 class types with duration, intensity and class size", async ({ page }) => {
    await page.goto("/services/group-classes");
    await expect(region(page, "Why Train in a Group?").getByRole("heading", { level: 3 })).toHaveCount(4);
    const types = region(page, "Class Types");
    await expect(types.getByRole("article")).toHaveCount(4);
    for (const c of classTypes) {
      const card = cardTitled(types, c.name);
      await expect(card.getByRole("definition")).toHaveText([c.duration, c.intensity, c.max]);
    }
  });

  test("the timetable is a table of the 7 spec rows, each with its own Book link to /contact", async ({ page }) => {
    await page.goto("/services/group-classes");
    const table = region(page, "Weekly Schedule").getByRole("table", { name: "Group class timetable" });
    await expect(table.getByRole("columnheader")).toHaveText(["Day", "Time", "Class", "Booking"]);
    const rows = table.getByRole("row");
    await expect(rows).toHaveCount(schedule.length + 1);
    for (const [i, [day, time, name]] of schedule.entries()) {
      const row = rows.nth(i + 1);
      await expect(row.getByRole("rowheader")).toHaveText(day);
      await expect(row.getByRole("cell")).toHaveText([time, name, "Book"]);
      await expect(row.getByRole("link", { name: `Book ${name} on ${day} at ${time}`, exact: true })).toHaveAttribute("href", "/contact");
    }
  });

  test("every Book link leads to /contact", async ({ page }) => {
    await expectLinksLeadTo(
      page,
      "/services/group-classes",
      schedule.map(([day, time, name]) => [`Book ${name} on ${day} at ${time}`, /\/contact$/]),
    );
  });

  test("the calls to action lead to /contact, /services and the timetable", async ({ page }) => {
    const from = "/services/group-classes";
    await expectLinksLeadTo(page, from, [
      ["Book Your First Class", /\/contact$/],
      ["View All Services", /\/services$/],
    ]);
    await main(page).getByRole("link", { name: "See the Timetable" }).click();
    await expect(page).toHaveURL(/\/services\/group-classes#schedule$/);
    await expect(page.getByRole("table", { name: "Group class timetable" })).toBeInViewport();
  });
});

test.describe("/services/nutrition-coaching", () => {
  test("lists 4 included features and the Consultation, Monthly Coaching (Popular) and Transformation packages", async ({ page }) => {
    await page.goto("/services/nutrition-coaching");
    await expect(region(page, "What's Included").getByRole("heading", { level: 3 })).toHaveCount(4);
    await expectPackages(
      region(page, "Nutrition Packages"),
      [
        { name: "Consultation", price: "£75", period: "1 session" },
        { name: "Monthly Coaching", price: "£200", period: "4 weeks", badge: "Popular" },
        { name: "Transformation Package", price: "£500", period: "12 weeks" },
      ],
      "Popular",
    );
  });

  test("every call to action leads to /contact or /services", async ({ page }) => {
    await expectLinksLeadTo(page, "/services/nutrition-coaching", [
      ...["Book a Consultation", "Choose Consultation", "Choose Monthly Coaching", "Choose Transformation Package", "Start Nutrition Coaching"].map(
        (name): [string, RegExp] => [name, /\/contact$/],
      ),
      ["View All Services", /\/services$/],
    ]);
  });
});

/** Loads a page, scrolls through it so lazy images load too, and returns every URL it requested. */
async function recordRequests(page: Page, url: string): Promise<string[]> {
  await emptyHttpCache(page);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto(url, { waitUntil: "networkidle" });
  for (const figure of await page.getByRole("figure").all()) await figure.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  return requested;
}

test.describe("/services/warrior-prep", () => {
  test("shows 6 pillars, 4 captioned photos, the weekly schedule and what to expect", async ({ page }) => {
    await page.goto("/services/warrior-prep");
    await expect(region(page, "The Six Pillars").getByRole("heading", { level: 3 })).toHaveCount(6);
    const figures = region(page, "Inside Warrior Prep").getByRole("figure");
    await expect(figures).toHaveCount(4);
    for (const figure of await figures.all()) {
      await expect(figure.getByRole("img")).toHaveAttribute("alt", /Warrior Prep/);
      await expect(figure.locator("figcaption")).not.toBeEmpty();
    }
    const schedule = region(page, "Weekly Schedule").getByRole("listitem");
    await expect(schedule).toHaveText(["Monday 7-8 PM", "Wednesday 7-8 PM", "Saturday 9-10 AM"]);
    expect(await region(page, "What to Expect").getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
  });

  test("loads nothing from another host and, with no social page set, shows no social link", async ({ page, baseURL }) => {
    const requested = await recordRequests(page, "/services/warrior-prep");
    expect(requested.some((url) => url.includes("/images/warrior-mindset"))).toBe(true);
    expect(requested.filter((url) => !url.startsWith(`${baseURL}/`))).toEqual([]);
    await expect(region(page, "Follow the Journey")).toHaveCount(0);
    await expect(main(page).locator('a[href^="http"]')).toHaveCount(0);
  });

  test("its calls to action lead to /contact", async ({ page }) => {
    await expectLinksLeadTo(page, "/services/warrior-prep", [
      ["Join Warrior Prep", /\/contact$/],
      ["Apply for Warrior Prep", /\/contact$/],
    ]);
  });
});

// Site settings are global, so a social page is set on a second server with its own
// embedded database rather than on the one the other tests share.
test.describe("/services/warrior-prep with a social page set", () => {
  test.describe.configure({ mode: "serial" });

  // Its settings: tests/e2e/fixtures/social.ts.
  let origin = "";
  test.beforeAll(() => {
    origin = isolatedServer("social").origin;
  });

  test("the page loads nothing from the social network and explains the link instead", async ({ page }) => {
    const requested = await recordRequests(page, `${origin}/services/warrior-prep`);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);

    const social = region(page, "Follow the Journey");
    await expect(social).toContainText("this page loads nothing from Facebook");
    await expect(social).toContainText("opens our Facebook page in a new tab");
    await expect(social).not.toContainText("TikTok");
    await expect(social.locator("iframe, script")).toHaveCount(0);
    const link = social.getByRole("link", { name: "See our posts on Facebook (opens in a new tab)", exact: true });
    await expect(link).toHaveAttribute("href", facebookUrl);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /^(?=.*\bnoopener\b)(?=.*\bnoreferrer\b)/);
  });

  test("only the visitor's click opens the social page, in a new tab", async ({ page, context }) => {
    // Stand in for the network so the test stays offline.
    await context.route(/^https:\/\/www\.facebook\.com\//, (route) => route.fulfill({ contentType: "text/html", body: "<title>Facebook stand-in</title>" }));
    const requested = await recordRequests(page, `${origin}/services/warrior-prep`);

    const popup = page.waitForEvent("popup");
    await region(page, "Follow the Journey").getByRole("link", { name: /^See our posts on Facebook/ }).click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe(facebookUrl);
    expect(await opened.evaluate(() => window.opener)).toBeNull();

    // The site's own tab stays where it was and still has asked nothing of another host.
    await expect(page).toHaveURL(`${origin}/services/warrior-prep`);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
  });
});
