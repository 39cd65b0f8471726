// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { nextFreeSlug, slugify } from "./slug";

describe("slugify (spec section 3)", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  Leading and trailing  ", "leading-and-trailing"],
    ["5 Tips: Squat -- Deeper!!", "5-tips-squat-deeper"],
    ["---Already-Hyphenated---", "already-hyphenated"],
    ["UPPER case", "upper-case"],
    ["Café Crème & Protein", "cafe-creme-protein"],
    ["under_score and dots.here", "under-score-and-dots-here"],
    ["!!!", "article"],
    ["", "article"],
    ["   ", "article"],
    ["🔥💪", "article"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("keeps long slugs to whole words of at most 80 characters", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^word(-word)+$/);
  });
});

describe("nextFreeSlug", () => {
  it("uses the base when free, else the first free -2, -3, …", () => {
    expect(nextFreeSlug("squats", new Set())).toBe("squats");
    expect(nextFreeSlug("squats", new Set(["squats"]))).toBe("squats-2");
    expect(nextFreeSlug("squats", new Set(["squats", "squats-2", "squats-4"]))).toBe("squats-3");
  });

  it("never hands out 'new', which is the editor's route", () => {
    expect(nextFreeSlug("new", new Set())).toBe("new-2");
    expect(nextFreeSlug("new", new Set(["new-2"]))).toBe("new-3");
  });
});
