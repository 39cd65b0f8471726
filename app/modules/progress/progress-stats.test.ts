// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { markPersonalRecords, movingAverage, rangeStart } from "./progress-stats";

describe("charts", () => {
  it("computes a trailing moving average over up to 7 entries", () => {
    expect(movingAverage([1, 2, 3])).toEqual([1, 1.5, 2]);
    const values = [10, 20, 30, 40, 50, 60, 70, 80, 90];
    expect(movingAverage(values)).toEqual([10, 15, 20, 25, 30, 35, 40, 50, 60]);
  });

  it("marks a personal record only when an estimate beats every earlier one", () => {
    expect(markPersonalRecords([100, 110, 105, 110, 120], null)).toEqual([false, true, false, false, true]);
    expect(markPersonalRecords([100, 130], 120)).toEqual([false, true]);
    expect(markPersonalRecords([0, 0], null)).toEqual([false, false]);
  });

  it("starts the ranges 4 weeks, 3 months and 1 year back", () => {
    expect(rangeStart("4w", "2026-03-10")).toBe("2026-02-10");
    expect(rangeStart("3m", "2026-05-31")).toBe("2026-02-28");
    expect(rangeStart("1y", "2024-02-29")).toBe("2023-02-28");
    expect(rangeStart("all", "2026-01-01")).toBeNull();
  });
});
