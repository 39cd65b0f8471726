// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { formatDuration, isCalendarDate, isCalendarMonth, monthWeeks, parseMonth, shiftMonth, utcRange, weekDays } from "./calendar";

describe("the schedule calendar", () => {
  it("shows a month in whole weeks from Sunday to Saturday", () => {
    const weeks = monthWeeks("2026-11");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toBe("2026-11-01"); // 1 November 2026 is a Sunday
    expect(weeks.at(-1)!.at(-1)).toBe("2026-12-05");
    const february = monthWeeks("2026-02"); // starts on a Sunday, 28 days: four rows
    expect(february).toHaveLength(4);
    expect(monthWeeks("2027-05")[0]![0]).toBe("2027-04-25");
    expect(weekDays("2026-11-25")).toEqual(["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"]);
  });

  it("moves between months and reads only well-formed URL values", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(parseMonth("2026-13", "2026-11-21")).toBe("2026-11");
    expect(parseMonth("2027-02", "2026-11-21")).toBe("2027-02");
    expect(parseMonth("9999-12", "2026-11-21")).toBe("2026-11");
  });

  it("shows the years 1970 to 2100 only: a date or month outside them is not one of its own", () => {
    expect(isCalendarMonth("1970-01")).toBe(true);
    expect(isCalendarMonth("2100-12")).toBe(true);
    expect(isCalendarMonth("1969-12")).toBe(false);
    expect(isCalendarMonth("2101-01")).toBe(false);
    expect(isCalendarMonth("9999-12")).toBe(false);
    expect(isCalendarMonth("0000-01")).toBe(false);
    expect(isCalendarDate("2100-12-31")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("9999-12-31")).toBe(false);
    expect(isCalendarDate("1969-12-31")).toBe(false);
    // The last month and week still have a following month and day the arithmetic can name.
    expect(monthWeeks("2100-12").at(-1)!.at(-1)).toBe("2101-01-01");
    expect(weekDays("2100-12-31").at(-1)).toBe("2101-01-01");
  });

  it("turns a run of days into UTC bounds in the site's zone", () => {
    const { from, to } = utcRange("2026-10-25", "2026-10-25", "Europe/London");
    expect(from.toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(to.toISOString()).toBe("2026-10-26T00:00:00.000Z"); // a 25-hour day
  });

  it("writes durations in words", () => {
    expect(formatDuration(45)).toBe("45 minutes");
    expect(formatDuration(60)).toBe("1 hour");
    expect(formatDuration(150)).toBe("2 hours 30 minutes");
  });
});
