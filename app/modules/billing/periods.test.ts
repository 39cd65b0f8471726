// @test-database none
import { describe, expect, it } from "vitest";
import { addMonths, amountOf, instalmentWeeks, periodOf, type PlanTerms } from "./periods";

const weekly: PlanTerms = { kind: "subscription", intervalUnit: "week", intervalCount: 1, termWeeks: null, instalments: null };
const fortnightly: PlanTerms = { ...weekly, intervalCount: 2 };
const monthly: PlanTerms = { ...weekly, intervalUnit: "month" };
const term = (termWeeks: number, instalments: number): PlanTerms => ({ kind: "term", intervalUnit: null, intervalCount: null, termWeeks, instalments });

describe("periodOf", () => {
  it("pays a weekly subscription seven days at a time", () => {
    expect(periodOf(weekly, "2026-12-07", 0)).toEqual({ start: "2026-12-07", end: "2026-12-13" });
    expect(periodOf(weekly, "2026-12-07", 4)).toEqual({ start: "2027-01-04", end: "2027-01-10" });
    expect(periodOf(fortnightly, "2026-12-07", 1)).toEqual({ start: "2026-12-21", end: "2027-01-03" });
  });

  it("pays a monthly subscription to the day before the same date next month, held to the month's end", () => {
    expect(periodOf(monthly, "2027-01-31", 0)).toEqual({ start: "2027-01-31", end: "2027-02-27" });
    expect(periodOf(monthly, "2027-01-31", 1)).toEqual({ start: "2027-02-28", end: "2027-03-30" });
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
  });

  it("pays a term at once, or in instalments that share its weeks", () => {
    expect(periodOf(term(12, 1), "2026-12-07", 0)).toEqual({ start: "2026-12-07", end: "2027-02-28" });
    expect(periodOf(term(12, 1), "2026-12-07", 1)).toBeNull();
    expect(instalmentWeeks(10, 3)).toEqual([3, 3, 4]);
    expect(periodOf(term(10, 3), "2026-12-07", 2)).toEqual({ start: "2027-01-18", end: "2027-02-14" });
  });

  it("gives a pack no period", () => {
    expect(periodOf({ ...weekly, kind: "pack" }, "2026-12-07", 0)).toBeNull();
  });
});

describe("amountOf", () => {
  it("splits a term's price evenly, the last instalment taking the remainder", () => {
    expect([0, 1, 2].map((i) => amountOf({ ...term(12, 3), priceMinor: 50000 }, i))).toEqual([16666, 16666, 16668]);
    expect(amountOf({ ...weekly, priceMinor: 3500 }, 7)).toBe(3500);
  });
});
