// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { addDays, isPlainDate, isPlainTime, offsetMinutes, todayIn, toZonedParts, weekdayOf, zonedToUtc } from "./time-zone";

const iso = (d: Date) => d.toISOString();

describe("zonedToUtc and toZonedParts", () => {
  it("reads a London winter and summer time with the offset in force that day", () => {
    expect(iso(zonedToUtc("2026-01-15", "09:30", "Europe/London"))).toBe("2026-01-15T09:30:00.000Z");
    expect(iso(zonedToUtc("2026-07-15", "09:30", "Europe/London"))).toBe("2026-07-15T08:30:00.000Z");
    expect(iso(zonedToUtc("2026-07-15", "09:30", "America/New_York"))).toBe("2026-07-15T13:30:00.000Z");
    expect(iso(zonedToUtc("2026-01-15", "23:45", "America/New_York"))).toBe("2026-01-16T04:45:00.000Z");
  });

  it("round-trips every quarter hour across both London changes of 2026", () => {
    for (const day of ["2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26"]) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        if (day === "2026-03-29" && time >= "01:00" && time < "02:00") continue; // skipped, below
        const parts = toZonedParts(zonedToUtc(day, time, "Europe/London"), "Europe/London");
        expect(`${parts.date} ${parts.time}`).toBe(`${day} ${time}`);
      }
    }
  });

  it("moves a skipped time forward by the gap (clocks go forward)", () => {
    // London: 01:00 GMT becomes 02:00 BST on 29 March 2026.
    const london = zonedToUtc("2026-03-29", "01:30", "Europe/London");
    expect(iso(london)).toBe("2026-03-29T01:30:00.000Z");
    expect(toZonedParts(london, "Europe/London").time).toBe("02:30");
    // New York: 02:00 EST becomes 03:00 EDT on 8 March 2026.
    const newYork = zonedToUtc("2026-03-08", "02:15", "America/New_York");
    expect(iso(newYork)).toBe("2026-03-08T07:15:00.000Z");
    expect(toZonedParts(newYork, "America/New_York").time).toBe("03:15");
  });

  it("takes the earlier of a repeated time (clocks go back)", () => {
    // London: 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT) on 25 October 2026.
    expect(iso(zonedToUtc("2026-10-25", "01:30", "Europe/London"))).toBe("2026-10-25T00:30:00.000Z");
    // New York: 01:30 happens at 05:30 UTC (EDT) and 06:30 UTC (EST) on 1 November 2026.
    expect(iso(zonedToUtc("2026-11-01", "01:30", "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
    // Both instants still read back as 01:30.
    expect(toZonedParts("2026-10-25T01:30:00Z", "Europe/London").time).toBe("01:30");
  });

  it("knows the offset on either side of a change", () => {
    expect(offsetMinutes(Date.parse("2026-03-29T00:59:00Z"), "Europe/London")).toBe(0);
    expect(offsetMinutes(Date.parse("2026-03-29T01:00:00Z"), "Europe/London")).toBe(60);
    expect(offsetMinutes(Date.parse("2026-11-01T05:59:00Z"), "America/New_York")).toBe(-240);
    expect(offsetMinutes(Date.parse("2026-11-01T06:00:00Z"), "America/New_York")).toBe(-300);
  });

  it("gives the weekday and date in the zone, not in UTC", () => {
    // 03:00 UTC on a Sunday is still Saturday evening in New York.
    const parts = toZonedParts("2026-12-06T03:00:00Z", "America/New_York");
    expect(parts).toMatchObject({ date: "2026-12-05", time: "22:00", weekday: 6 });
    expect(todayIn("Europe/London", new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });

  it("refuses malformed dates and times", () => {
    expect(() => zonedToUtc("2026-02-30", "10:00", "Europe/London")).toThrow(RangeError);
    expect(() => zonedToUtc("2026-02-01", "24:00", "Europe/London")).toThrow(RangeError);
  });
});

describe("plain dates", () => {
  it("checks and moves yyyy-mm-dd dates and HH:mm times", () => {
    expect(isPlainDate("2028-02-29")).toBe(true);
    expect(isPlainDate("2026-02-29")).toBe(false);
    expect(isPlainDate("2026-4-1")).toBe(false);
    expect(isPlainTime("07:05")).toBe(true);
    expect(isPlainTime("7:05")).toBe(false);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(weekdayOf("2026-11-22")).toBe(0);
  });
});

describe("the offsets kept a day at a time", () => {
  // What Intl itself shows, read afresh for each instant.
  const intlClock = (instant: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(new Date(instant));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
  };

  it("show what Intl shows on every side of a clock change, twice over (kept and not)", () => {
    // London and New York change by an hour, Lord Howe by half an hour; Kathmandu is 5:45 ahead; Apia skipped 30 December 2011.
    const changes = ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z", "2026-11-01T06:00:00Z", "2026-04-04T15:00:00Z", "2026-06-01T00:00:00Z", "2011-12-30T10:00:00Z"];
    const zones = ["Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia"];
    for (let pass = 0; pass < 2; pass++) {
      for (const change of changes) {
        for (let minutes = -26 * 60; minutes <= 26 * 60; minutes += 29) {
          const instant = Date.parse(change) + minutes * 60_000 + 59_999;
          for (const zone of zones) {
            const p = toZonedParts(instant, zone);
            expect(`${p.date} ${p.time}`, `${new Date(instant).toISOString()} in ${zone}`).toBe(intlClock(instant, zone));
          }
        }
      }
    }
  });
});
