// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { pageCount, wrapPage } from "./carousel";

describe("carousel paging", () => {
  it("has ceil(items / visible) pages", () => {
    expect(pageCount(4, 1)).toBe(4);
    expect(pageCount(4, 2)).toBe(2);
    expect(pageCount(4, 3)).toBe(2);
    expect(pageCount(0, 3)).toBe(1);
  });

  it("wraps around in both directions", () => {
    expect(wrapPage(-1, 4)).toBe(3);
    expect(wrapPage(4, 4)).toBe(0);
    expect(wrapPage(2, 4)).toBe(2);
  });
});
