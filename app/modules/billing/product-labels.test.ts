// @test-database none
import { describe, expect, it } from "vitest";
import { inclusionsLabel, kindLabel, periodLabel, priceLabel, type ProductTerms } from "./product-labels";

const none = { intervalUnit: null, intervalCount: null, termWeeks: null, instalments: null, credits: null, creditKind: null } as const;
const sub = (intervalUnit: "week" | "month", intervalCount: number): ProductTerms => ({ ...none, kind: "subscription", priceMinor: 3500, intervalUnit, intervalCount });
const term = (termWeeks: number, instalments: number): ProductTerms => ({ ...none, kind: "term", priceMinor: 20000, termWeeks, instalments });
const pack = (credits: number, creditKind: "class" | "session"): ProductTerms => ({ ...none, kind: "pack", priceMinor: 30000, credits, creditKind });

describe("a product's card labels", () => {
  it("writes the price in the site currency, pence only when there are some", () => {
    expect(priceLabel(3500, "GBP")).toBe("£35");
    expect(priceLabel(30000, "GBP")).toBe("£300");
    expect(priceLabel(3550, "GBP")).toBe("£35.50");
    expect(priceLabel(120000, "EUR")).toBe("€1,200");
    expect(priceLabel(7500, "USD")).toBe("US$75");
  });

  it.each([
    [sub("week", 1), "/week"],
    [sub("week", 2), "every 2 weeks"],
    [sub("month", 1), "/month"],
    [sub("month", 3), "every 3 months"],
    [term(4, 1), "4 weeks"],
    [term(1, 1), "1 week"],
    [term(12, 3), "12 weeks, 3 payments"],
    [pack(4, "session"), "4 sessions"],
    [pack(1, "session"), "1 session"],
    [pack(10, "class"), "10 classes"],
    [pack(1, "class"), "1 class"],
  ])("gives %j the period %j", (terms, label) => {
    expect(periodLabel(terms)).toBe(label);
  });

  it("says for staff how a product is paid and what it includes", () => {
    expect(kindLabel({ ...sub("week", 1), creditValidDays: null })).toBe("Subscription, every week");
    expect(kindLabel({ ...sub("week", 2), creditValidDays: null })).toBe("Subscription, every 2 weeks");
    expect(kindLabel({ ...term(12, 1), creditValidDays: null })).toBe("Fixed term of 12 weeks, paid at once");
    expect(kindLabel({ ...term(12, 3), creditValidDays: null })).toBe("Fixed term of 12 weeks in 3 instalments");
    expect(kindLabel({ ...pack(10, "class"), creditValidDays: 90 })).toBe("Pack of 10 classes, valid 90 days");
    expect(inclusionsLabel({ classAccess: "unlimited", classesPerWeek: 0, sessionsPerWeek: 1 })).toBe("Unlimited group classes · 1 1:1 session a week");
    expect(inclusionsLabel({ classAccess: "limited", classesPerWeek: 2, sessionsPerWeek: 0 })).toBe("2 group classes a week");
    expect(inclusionsLabel({ classAccess: "none", classesPerWeek: 0, sessionsPerWeek: 0 })).toBe("");
  });
});
