// @test-database none
import { describe, expect, it } from "vitest";
import { formatMoney, moneyInputValue, readMoney } from "./money";

describe("readMoney", () => {
  it.each([
    ["35", 3500],
    ["35.5", 3550],
    ["35.50", 3550],
    [" 0.01 ", 1],
    ["1000000", 100_000_000],
  ])("reads %j as %d minor units", (raw, minor) => {
    expect(readMoney(raw)).toEqual({ minor, problem: null });
  });

  it.each(["-1", "0x10", "1e2", "10^9", "1000000000", "35.505", "0", "0.00", "£35", "35,00", "Infinity", "NaN", " ", "1000000.01"])("refuses %j with a message", (raw) => {
    const read = readMoney(raw);
    expect(read.minor).toBeNull();
    expect(read.problem).toMatch(/^Price /);
  });

  it("refuses what is not text or a finite number", () => {
    expect(readMoney(undefined).problem).toBe("Price is required");
    expect(readMoney(["35"]).minor).toBeNull();
    expect(readMoney(Number.NaN).minor).toBeNull();
  });
});

describe("formatMoney", () => {
  it("writes the currency's symbol and two decimals", () => {
    expect(formatMoney(3500, "GBP")).toBe("£35.00");
    expect(formatMoney(120050, "EUR")).toBe("€1,200.50");
    expect(moneyInputValue(3550)).toBe("35.50");
  });
});
