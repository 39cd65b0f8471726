// @test-database none: no query here (decision 0020).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cmToInches,
  formatValue,
  inchesToCm,
  kgToLbs,
  lbsToKg,
  lengthFromCm,
  lengthToCm,
  lengthUnitFor,
  roundForDisplay,
  weightFromKg,
  weightToKg,
} from "./units";

/** Values as a member types them: one decimal. */
const typed = (max: number) => fc.integer({ min: 0, max: max * 10 }).map((n) => n / 10);

describe("conversions", () => {
  it("uses the exact definitions of the pound and the inch", () => {
    expect(lbsToKg(1)).toBe(0.45359237);
    expect(inchesToCm(1)).toBe(2.54);
    expect(roundForDisplay(kgToLbs(100))).toBe(220.5);
    expect(roundForDisplay(cmToInches(100))).toBe(39.4);
    expect(roundForDisplay(lbsToKg(180))).toBe(81.6);
  });

  it("pairs pounds with inches and kilograms with centimetres", () => {
    expect(lengthUnitFor("lbs")).toBe("in");
    expect(lengthUnitFor("kg")).toBe("cm");
  });

  it("leaves values in the canonical unit alone", () => {
    expect(weightToKg(81.3, "kg")).toBe(81.3);
    expect(weightFromKg(81.3, "kg")).toBe(81.3);
    expect(lengthToCm(90.2, "cm")).toBe(90.2);
    expect(lengthFromCm(90.2, "cm")).toBe(90.2);
  });
});

describe("round trips keep the value the member typed", () => {
  it("weights in lbs and kg (0 to 1500 lbs)", () => {
    fc.assert(
      fc.property(typed(1500), (value) => {
        expect(roundForDisplay(weightFromKg(weightToKg(value, "lbs"), "lbs"))).toBe(value);
        expect(roundForDisplay(weightFromKg(weightToKg(value, "kg"), "kg"))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it("lengths in inches and cm (0 to 254 cm)", () => {
    fc.assert(
      fc.property(typed(254), (value) => {
        expect(roundForDisplay(lengthFromCm(lengthToCm(value, "in"), "in"))).toBe(value);
        expect(roundForDisplay(lengthFromCm(lengthToCm(value, "cm"), "cm"))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it("every one-decimal value up to 1500 lbs, exhaustively", () => {
    for (let n = 0; n <= 15000; n += 1) {
      const value = n / 10;
      if (roundForDisplay(kgToLbs(lbsToKg(value))) !== value) throw new Error(`${value} lbs did not round-trip`);
    }
  });
});

describe("display", () => {
  it("rounds half away from zero to one decimal and never shows -0", () => {
    expect(roundForDisplay(1.05)).toBe(1.1);
    expect(roundForDisplay(2.25)).toBe(2.3);
    expect(roundForDisplay(-0.01)).toBe(0);
    expect(Object.is(roundForDisplay(-0.01), 0)).toBe(true);
    expect(roundForDisplay(-1.26)).toBe(-1.3);
  });

  it("formats without trailing zeros or grouping", () => {
    expect(formatValue(180)).toBe("180");
    expect(formatValue(180.04)).toBe("180");
    expect(formatValue(180.06)).toBe("180.1");
    expect(formatValue(1500)).toBe("1500");
  });
});
