// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatLongDate, formatMonth, formatShortDate, formatUsDate, formatUsDateTime, formatUsLongDate } from "./dates";

describe("calendar dates", () => {
  it("are written in British English", () => {
    expect(formatLongDate("2026-12-05")).toBe("Saturday 5 December 2026");
    expect(formatMonth("2026-12")).toBe("December 2026");
    expect(formatShortDate("2027-01-03")).toBe("Sun 3 Jan 2027");
    expect(formatCalendarDay("2027-01-03")).toBe("Sun 3 Jan");
  });
});

describe("instants", () => {
  // 23:30 UTC on 21 November is already the 22nd in Sydney and still the 21st in New York.
  const instant = "2026-11-21T23:30:00.000Z";

  it("are shown on the site's clock, in the spec's US formats", () => {
    expect(formatUsDateTime(instant, "America/New_York")).toBe("Nov 21, 2026, 6:30 PM");
    expect(formatUsDate(instant, "Australia/Sydney")).toBe("Nov 22, 2026");
    expect(formatUsLongDate(instant, "America/New_York")).toBe("November 21, 2026");
    expect(formatUsLongDate(new Date(instant), "Australia/Sydney")).toBe("November 22, 2026");
  });
});
