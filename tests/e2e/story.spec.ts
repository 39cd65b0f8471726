import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";

const stages = ["The Turning Point", "The Transformation", "Strength Achievement", "The Mission Begins"];
const stageYears = ["2018", "2019-2020", "2020", "2020-Present"];
const stories = ["James", "Sarah", "Marcus", "Emma"];

const pages = [
  { path: "/about", h1: "From Ordinary to Extraordinary" },
  { path: "/transformations", h1: "Client Transformations" },
  { path: "/privacy", h1: "Privacy Policy" },
  { path: "/terms", h1: "Terms of Service" },
  { path: "/cookies", h1: "Cookie Policy" },
];

test("the story, transformations and legal pages answer 200 with one h1 and their own title and description", async ({ page }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const { path, h1 } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    titles.add(await page.title());
    descriptions.add((await page.locator('meta[name="description"]').getAttribute("content")) ?? "");
  }
  expect(titles.size).toBe(pages.length);
  expect(descriptions.size).toBe(pages.length);
  expect(descriptions).not.toContain("");
});

test.describe("the story page", () => {
  test("'Discover My Story' moves to the journey", async ({ page }) => {
    await page.goto("/about");
    const journey = page.getByRole("region", { name: "My Journey", exact: true });
    await expect(journey).toHaveAttribute("id", "journey");
    await expect(journey.getByRole("heading", { name: "My Journey" })).not.toBeInViewport();
    await page.getByRole("link", { name: "Discover My Story" }).click();
    await expect(page).toHaveURL(/\/about#journey$/);
    await expect(journey.getByRole("heading", { name: "My Journey" })).toBeInViewport();
  });

  test("tells the story: hero, stats, the four stages in order, timeline, quote and the three principles", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByText(/^.+'s Journey$/)).toBeVisible();

    const whoIAm = page.getByRole("region", { name: "Who I Am", exact: true });
    await expect(whoIAm.getByText("35+ Pounds of Fat Lost")).toBeVisible();
    await expect(whoIAm.getByText("20+ Pounds of Muscle Gained")).toBeVisible();

    const carousel = page.getByRole("region", { name: "Journey stages", exact: true });
    await expect(carousel.getByRole("heading", { level: 3 })).toHaveText(stages);
    for (const [index, year] of stageYears.entries()) {
      await expect(carousel.getByRole("group", { name: `${index + 1} of 4` })).toContainText(year);
    }

    await expect(page.getByRole("region", { name: "From Then to Now", exact: true }).getByRole("listitem")).toHaveCount(3);
    const quote = page.getByRole("region", { name: "In My Words", exact: true });
    await expect(quote.getByRole("blockquote")).toBeVisible();
    await expect(quote.getByRole("img", { name: "The coach" })).toBeVisible();
    await expect(quote.getByRole("figure")).toContainText("—");

    const philosophy = page.getByRole("region", { name: "My Philosophy", exact: true });
    await expect(philosophy.getByRole("heading", { level: 3 })).toHaveText(["Relentless Intensity", "Unbridled Passion", "Strategic Madness"]);

    // Headings go down one level at a time.
    const levels = await page
      .getByRole("main")
      .locator("h1, h2, h3, h4, h5, h6")
      .evaluateAll((headings) => headings.filter((h) => h.getClientRects().length > 0).map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i += 1) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
  });

  test("the final call to action leads to the application form", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("link", { name: "Begin Your Transformation" }).click();
    await expect(page).toHaveURL(/\/contact#contactForm$/);
  });

  test.describe("below 768 px", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the stages are stacked cards, not a carousel", async ({ page }) => {
      await page.goto("/about");
      await expect(page.getByRole("region", { name: "Journey stages", exact: true })).toBeHidden();
      const journey = page.getByRole("region", { name: "My Journey", exact: true });
      // Only one copy of the stages reaches assistive tech.
      await expect(journey.getByRole("heading", { level: 3 })).toHaveText(stages);
      for (const title of stages) await expect(journey.getByRole("heading", { name: title })).toBeVisible();
      await expect(journey.getByRole("button", { name: "Next slide" })).toHaveCount(0);
    });
  });
});

/** The carousel's names per page at a given width, e.g. [[a, b, c], [d]]. */
function chunk<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));
}

/** Checks that exactly the slides of page `n` (0-based) are shown, and the dots and counter agree. */
async function expectOnPage(carousel: Locator, names: readonly string[], perPage: number, n: number, counter: boolean) {
  const pageNames = chunk(names, perPage);
  const dots = carousel.getByRole("button", { name: /^Go to slide \d+$/ });
  await expect(dots).toHaveCount(pageNames.length);
  for (let i = 0; i < pageNames.length; i += 1) {
    const dot = carousel.getByRole("button", { name: `Go to slide ${i + 1}`, exact: true });
    if (i === n) await expect(dot).toHaveAttribute("aria-current", "true");
    else await expect(dot).not.toHaveAttribute("aria-current");
  }
  if (counter) await expect(carousel.getByText(/^\d+ \/ \d+$/)).toHaveText(`${n + 1} / ${pageNames.length}`);
  for (const name of names) {
    const heading = carousel.getByRole("heading", { name, exact: true });
    // Waits out the 500 ms slide: shown slides end up wholly in view, the others wholly out.
    if (pageNames[n]!.includes(name)) await expect(heading, `${name} on page ${n + 1}`).toBeInViewport({ ratio: 0.99 });
    else await expect(heading, `${name} off page ${n + 1}`).not.toBeInViewport();
  }
}

async function driveCarousel(page: Page, carousel: Locator, names: readonly string[], perPage: number, counter: boolean) {
  const pages = Math.ceil(names.length / perPage);
  const last = pages - 1;
  await carousel.scrollIntoViewIfNeeded();
  const next = carousel.getByRole("button", { name: "Next slide" });
  const previous = carousel.getByRole("button", { name: "Previous slide" });

  await expectOnPage(carousel, names, perPage, 0, counter);
  await next.click();
  await expectOnPage(carousel, names, perPage, 1, counter);
  await previous.click();
  await expectOnPage(carousel, names, perPage, 0, counter);
  // Wraparound both ways.
  await previous.click();
  await expectOnPage(carousel, names, perPage, last, counter);
  await next.click();
  await expectOnPage(carousel, names, perPage, 0, counter);
  // Every dot, the last first.
  const targets = [last, ...Array.from({ length: last }, (_, i) => i)];
  for (const target of targets) {
    await carousel.getByRole("button", { name: `Go to slide ${target + 1}`, exact: true }).click();
    await expectOnPage(carousel, names, perPage, target, counter);
  }
  // Arrow keys on the carousel's own buttons page through it as well.
  await next.focus();
  await page.keyboard.press("ArrowRight");
  await expectOnPage(carousel, names, perPage, (targets.at(-1)! + 1) % pages, counter);
}

// The narrow widths page with reduced motion on, as many phones are set: the slides move at once.
const widths = [
  { width: 1280, perPage: 3, reducedMotion: false },
  { width: 1024, perPage: 2, reducedMotion: false },
  { width: 800, perPage: 1, reducedMotion: true },
  { width: 390, perPage: 1, reducedMotion: true },
];

for (const { width, perPage, reducedMotion } of widths) {
  test.describe(`at ${width} px${reducedMotion ? ", reduced motion" : ""}`, () => {
    // Options of the context, not calls on the page: the tests of one width share a kept page (decision 0052).
    test.use({ viewport: { width, height: 900 }, reducedMotion: reducedMotion ? "reduce" : "no-preference" });

    if (width >= 768) {
      test(`the journey carousel shows ${perPage} stage(s) per page with a counter, and pages both ways`, async ({ page }) => {
        await page.goto("/about");
        const carousel = page.getByRole("region", { name: "Journey stages", exact: true });
        await expect(carousel).toBeVisible();
        await driveCarousel(page, carousel, stages, perPage, true);
      });
    }

    test(`the transformations carousel shows ${perPage} stor${perPage === 1 ? "y" : "ies"} per page and pages both ways`, async ({ page }) => {
      await page.goto("/transformations");
      const carousel = page.getByRole("region", { name: "Client stories", exact: true });
      await expect(carousel.getByText(/^\d+ \/ \d+$/)).toHaveCount(0);
      await driveCarousel(page, carousel, stories, perPage, false);
    });
  });
}

test.describe("motion", () => {
  test.use({ reducedMotion: "no-preference" });

  test("a carousel slides in 500 ms, and not at all with reduced motion", async ({ page }) => {
    await page.goto("/transformations");
    // The track that moves is the slides' parent.
    const track = page.getByRole("region", { name: "Client stories", exact: true }).getByRole("group", { name: "1 of 4" }).locator("..");
    await expect(track).toHaveCSS("transition-duration", "0.5s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(track).toHaveCSS("transition-property", "none");
  });
});

test.describe("the transformations page", () => {
  test("each story has a name, age, programme, before/after image, results, testimonial and a 5-star rating", async ({ page }) => {
    await page.goto("/transformations");
    const carousel = page.getByRole("region", { name: "Client stories", exact: true });
    for (const [index, name] of stories.entries()) {
      const slide = carousel.getByRole("group", { name: `${index + 1} of 4` });
      await expect(slide.getByRole("heading", { name, exact: true })).toHaveCount(1);
      await expect(slide).toContainText(/Age \d+ · (Personal Training|Nutrition Coaching|Warrior Prep|Group Classes)/);
      await expect(slide.getByRole("img", { name: /before and after/ })).toHaveCount(1);
      await expect(slide.getByRole("list", { name: "Results" }).getByRole("listitem")).not.toHaveCount(0);
      await expect(slide.getByRole("blockquote")).toHaveCount(1);
      await expect(slide.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(1);
    }
  });

  test("says plainly that the stories are examples", async ({ page }) => {
    await page.goto("/transformations");
    await expect(page.getByRole("region", { name: "Client Stories", exact: true }).getByText(/illustrations of typical programmes, not real clients/)).toBeVisible();
  });

  test("calls to action lead to the application form and the coach's story", async ({ page }) => {
    await page.goto("/transformations");
    await page.getByRole("link", { name: "Apply for Coaching" }).click();
    await expect(page).toHaveURL(/\/contact#contactForm$/);
    await page.goto("/transformations");
    await page.getByRole("link", { name: "Read the Coach's Story" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "From Ordinary to Extraordinary" })).toBeVisible();
  });
});

test.describe("the legal pages", () => {
  for (const { link, path, h1 } of [
    { link: "Privacy Policy", path: "/privacy", h1: "Privacy Policy" },
    { link: "Terms of Service", path: "/terms", h1: "Terms of Service" },
    { link: "Cookie Policy", path: "/cookies", h1: "Cookie Policy" },
  ]) {
    test(`the footer's '${link}' link opens ${path} with its date and contact details`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(main.getByText("Last updated: 21 November 2026")).toBeVisible();
      await expect(main.getByRole("navigation", { name: "On this page" }).getByRole("link")).not.toHaveCount(0);

      // The same contact details as the footer, from the site settings; without any, the contact form.
      const contact = main.getByRole("region", { name: /^(Contact us|Questions)$/ });
      const footerEmail = page.getByRole("contentinfo").getByRole("link", { name: /@/ });
      if ((await footerEmail.count()) > 0) {
        await expect(contact.getByRole("link", { name: (await footerEmail.textContent()) ?? "" })).toHaveAttribute("href", /^mailto:/);
      } else {
        await expect(contact.getByRole("link", { name: "contact form" })).toHaveAttribute("href", "/contact");
      }
    });
  }

  test("the privacy policy covers health data, explicit consent, every right and the ICO", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: "Your health information" })).toBeVisible();
    await expect(main).toContainText("special category data");
    await expect(main).toContainText("explicit consent");
    const rights = main.getByRole("region", { name: "Your rights", exact: true });
    for (const right of ["access", "rectification", "erasure", "restriction", "portability", "object"]) {
      await expect(rights.getByRole("listitem").filter({ hasText: new RegExp(`^${right}:`, "i") })).toHaveCount(1);
    }
    await expect(rights.getByRole("link", { name: /ICO/ })).toHaveAttribute("href", /^https:\/\/ico\.org\.uk\//);
    await expect(main.getByRole("heading", { level: 2, name: "How long we keep it" })).toBeVisible();
  });

  test("the cookie policy names only the strictly necessary cookies", async ({ page }) => {
    await page.goto("/cookies");
    const cookies = page.getByRole("region", { name: "The cookies we use", exact: true });
    await expect(cookies.getByRole("heading", { level: 3 })).toHaveText(["better-auth.session_token", "rl_toast"]);
    await expect(cookies.getByRole("term")).toHaveText(["What it does", "How long it lasts", "What it does", "How long it lasts"]);
    await expect(page.getByRole("heading", { level: 2, name: "No advertising or tracking cookies" })).toBeVisible();
  });

  test("the terms cover the health declaration, Direct Debit, cancellations and the law of England and Wales", async ({ page }) => {
    await page.goto("/terms");
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "Your health and safety", exact: true })).toContainText("consult your doctor");
    await expect(main.getByRole("region", { name: "Payments", exact: true })).toContainText("Direct Debit");
    await expect(main.getByRole("heading", { level: 2, name: "Cancellations" })).toBeVisible();
    await expect(main.getByRole("region", { name: "Governing law", exact: true })).toContainText("England and Wales");
  });
});
