// @test-database none
import { describe, expect, it } from "vitest";
import { quietHoursEnd } from "./quiet-hours";

const ZONE = "Europe/London";

describe("quiet hours", () => {
  it("hold from their start to their end on one day, in the member's zone", () => {
    // 13:30 in London in summer is 12:30 UTC.
    expect(quietHoursEnd(new Date("2030-06-03T12:30:00Z"), ZONE, "13:00", "15:00")).toEqual(new Date("2030-06-03T14:00:00Z"));
    expect(quietHoursEnd(new Date("2030-06-03T14:00:00Z"), ZONE, "13:00", "15:00")).toBeNull();
    expect(quietHoursEnd(new Date("2030-06-03T11:59:00Z"), ZONE, "13:00", "15:00")).toBeNull();
  });

  it("run past midnight when they start later than they end", () => {
    expect(quietHoursEnd(new Date("2030-01-10T23:00:00Z"), ZONE, "22:00", "07:00")).toEqual(new Date("2030-01-11T07:00:00Z"));
    expect(quietHoursEnd(new Date("2030-01-11T05:00:00Z"), ZONE, "22:00", "07:00")).toEqual(new Date("2030-01-11T07:00:00Z"));
    expect(quietHoursEnd(new Date("2030-01-11T07:00:00Z"), ZONE, "22:00", "07:00")).toBeNull();
    expect(quietHoursEnd(new Date("2030-01-11T21:59:00Z"), ZONE, "22:00", "07:00")).toBeNull();
  });

  it("are none when not set", () => {
    expect(quietHoursEnd(new Date("2030-01-11T05:00:00Z"), ZONE, null, null)).toBeNull();
  });
});
