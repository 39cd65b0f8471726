// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { dayStatus, programDayDate, programEndDate, programPhase, weeklyCompliance, weeksDone } from "./program-dates";

describe("the date of a program day", () => {
  it("is the start date + 7 × week position + day index", () => {
    expect(programDayDate("2026-03-02", 0, 0)).toBe("2026-03-02");
    expect(programDayDate("2026-03-02", 0, 4)).toBe("2026-03-06");
    expect(programDayDate("2026-03-02", 2, 1)).toBe("2026-03-17");
    // Across a month and a year end, and the clocks changing (no zone involved).
    expect(programDayDate("2026-12-28", 1, 0)).toBe("2027-01-04");
    expect(programDayDate("2026-03-23", 1, 6)).toBe("2026-04-05");
  });

  it("ends a copy on the last slot of its last week", () => {
    expect(programEndDate("2026-03-02", 3)).toBe("2026-03-29");
  });
});

describe("done, missed, today, upcoming", () => {
  it("is missed only when the date is before today and nothing was finished for it", () => {
    expect(dayStatus("2026-03-01", "2026-03-02", false)).toBe("missed");
    expect(dayStatus("2026-03-02", "2026-03-02", false)).toBe("today");
    expect(dayStatus("2026-03-03", "2026-03-02", false)).toBe("upcoming");
  });

  it("is done when a finished workout exists, early, on the day or late", () => {
    expect(dayStatus("2026-03-01", "2026-03-02", true)).toBe("done");
    expect(dayStatus("2026-03-02", "2026-03-02", true)).toBe("done");
    expect(dayStatus("2026-03-09", "2026-03-02", true)).toBe("done");
  });
});

describe("weekly compliance", () => {
  const day = (dayIndex: number, finished = false) => ({ dayIndex, finished });
  const weeks = [
    { position: 0, days: [day(0, true), day(2, true), day(4)] },
    { position: 1, days: [day(0, true), day(2), day(4, true)] },
    { position: 2, days: [] },
    { position: 3, days: [day(0)] },
  ];

  it("is done ÷ planned per started week, the current week counting only days up to today", () => {
    // Today is Wednesday of week 2 (2026-03-11): today's workout is not done yet and does not count yet;
    // Friday's is not due, but it was done early, so it counts.
    expect(weeklyCompliance("2026-03-02", weeks, "2026-03-11")).toEqual([
      { week: 1, planned: 3, done: 2, rate: 2 / 3 },
      { week: 2, planned: 2, done: 2, rate: 1 },
    ]);
    // On Thursday, Wednesday's is due and missed.
    expect(weeklyCompliance("2026-03-02", weeks, "2026-03-12")[1]).toEqual({ week: 2, planned: 3, done: 2, rate: 2 / 3 });
    // On its Monday: Monday's done counts; nothing else is due.
    expect(weeklyCompliance("2026-03-02", [{ position: 1, days: [day(0, true), day(2), day(4)] }], "2026-03-09")).toEqual([{ week: 2, planned: 1, done: 1, rate: 1 }]);
    expect(weeklyCompliance("2026-03-02", [{ position: 1, days: [day(0), day(2), day(4)] }], "2026-03-09")).toEqual([{ week: 2, planned: 0, done: 0, rate: null }]);
  });

  it("gives a week of rest days no rate, and leaves out weeks not started", () => {
    expect(weeklyCompliance("2026-03-02", weeks, "2026-03-16")).toEqual([
      { week: 1, planned: 3, done: 2, rate: 2 / 3 },
      { week: 2, planned: 3, done: 2, rate: 2 / 3 },
      { week: 3, planned: 0, done: 0, rate: null },
    ]);
    expect(weeklyCompliance("2026-03-02", weeks, "2026-03-01")).toEqual([]);
  });
});

describe("where a copy stands", () => {
  it("is upcoming before its start, current through its last week's last day, then past", () => {
    expect(programPhase("2026-03-02", 3, "2026-03-01")).toBe("upcoming");
    expect(programPhase("2026-03-02", 3, "2026-03-02")).toBe("current");
    expect(programPhase("2026-03-02", 3, "2026-03-29")).toBe("current");
    expect(programPhase("2026-03-02", 3, "2026-03-30")).toBe("past");
  });

  it("counts the weeks whose last day has passed", () => {
    expect(weeksDone("2026-03-02", [0, 1, 2, 3], "2026-03-08")).toBe(0);
    expect(weeksDone("2026-03-02", [0, 1, 2, 3], "2026-03-09")).toBe(1);
    expect(weeksDone("2026-03-02", [0, 1, 3], "2026-04-30")).toBe(3);
  });
});
