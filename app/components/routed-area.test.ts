// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { isCurrentPage } from "./routed-area";

describe("isCurrentPage, NavLink's rule", () => {
  it("is the page itself, or a page below it unless `end`", () => {
    expect(isCurrentPage("/services", "/services")).toBe(true);
    expect(isCurrentPage("/services/personal-training", "/services")).toBe(true);
    expect(isCurrentPage("/services/personal-training", "/services", true)).toBe(false);
    expect(isCurrentPage("/servicesx", "/services")).toBe(false);
    expect(isCurrentPage("/Services", "/services")).toBe(true);
    expect(isCurrentPage("/about", "/services")).toBe(false);
  });

  it("takes Home only for the home page with `end`", () => {
    expect(isCurrentPage("/", "/", true)).toBe(true);
    expect(isCurrentPage("/services", "/", true)).toBe(false);
  });

  it("ignores a trailing slash on the link", () => {
    expect(isCurrentPage("/members/settings", "/members/")).toBe(true);
  });
});
