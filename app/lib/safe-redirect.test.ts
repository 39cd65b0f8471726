// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { DEFAULT_REDIRECT, safeRedirect } from "./safe-redirect";
import { HOSTILE_REDIRECT_TARGETS } from "./safe-redirect.fixture";

const BASE = "http://localhost:3000";

describe("safeRedirect", () => {
  const named = HOSTILE_REDIRECT_TARGETS.map((target) => [target.length > 80 ? `${JSON.stringify(target.slice(0, 20))}… (${target.length} characters)` : JSON.stringify(target), target]);
  it.each(named)("sends %s to the member area, never off the site", (_name, target) => {
    expect(safeRedirect(target, BASE)).toBe(DEFAULT_REDIRECT);
  });

  it.each([null, undefined, "", 42])("uses the fallback for a missing target (%j)", (target) => {
    expect(safeRedirect(target, BASE)).toBe(DEFAULT_REDIRECT);
    expect(safeRedirect(target, BASE, "/admin")).toBe("/admin");
  });

  it.each([
    ["/members", "/members"],
    ["/members?tab=progress", "/members?tab=progress"],
    ["/articles/squat-deeper#comments", "/articles/squat-deeper#comments"],
    ["/admin/users?q=ann%20lee", "/admin/users?q=ann%20lee"],
    ["http://localhost:3000/schedule?week=2", "/schedule?week=2"],
    ["/cms/../members", "/members"],
    // A path with the same scheme and no host is read against the site (as browsers do): it stays here.
    ["http:/evil.example", "/evil.example"],
  ])("keeps a path of this site: %j → %j", (target, expected) => {
    expect(safeRedirect(target, BASE)).toBe(expected);
  });

  it("compares whole origins: scheme, host and port of BASE_URL", () => {
    expect(safeRedirect("https://coach.example/members", "https://coach.example")).toBe("/members");
    expect(safeRedirect("http://coach.example/members", "https://coach.example")).toBe(DEFAULT_REDIRECT);
    expect(safeRedirect("https://coach.example:8443/members", "https://coach.example")).toBe(DEFAULT_REDIRECT);
    expect(safeRedirect("http:/evil.example", "https://coach.example")).toBe(DEFAULT_REDIRECT);
  });
});
