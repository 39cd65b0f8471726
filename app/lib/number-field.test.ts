// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { optionalNumber, requiredNumber } from "./number-field";
import { MAX_NUMBER_TEXT_LENGTH, parseDecimal } from "./number-rules";

describe("a number typed into a form is read as a decimal, nothing else (decision 0045)", () => {
  it.each([
    ["16", 16],
    [" 16 ", 16],
    ["+5", 5],
    ["-2.5", -2.5],
    ["-0", 0],
    ["1.", 1],
    [".5", 0.5],
    ["007", 7],
    ["180.25", 180.25],
    [16, 16],
    [-0, 0],
  ])("reads %j as %d", (raw, value) => {
    expect(Object.is(parseDecimal(raw), value)).toBe(true);
  });

  it.each([
    ["0x10", "hexadecimal"],
    ["0o20", "octal"],
    ["0b10000", "binary"],
    ["1e3", "an exponent"],
    ["1E3", "an upper-case exponent"],
    ["Infinity", "Infinity"],
    ["-Infinity", "minus Infinity"],
    ["NaN", "NaN"],
    ["1 000", "a space inside"],
    ["1_000", "a digit separator"],
    ["1,5", "a comma decimal (one and a half, or fifteen?)"],
    ["1,500", "a thousands comma"],
    ["+", "a sign alone"],
    ["-", "a minus alone"],
    [".", "a point alone"],
    ["1.2.3", "two points"],
    ["--1", "two signs"],
    ["١٦", "Arabic-Indic digits"],
    ["１６", "full-width digits"],
    ["16abc", "trailing letters"],
    ["9".repeat(MAX_NUMBER_TEXT_LENGTH + 1), "a digit string longer than any form needs"],
    [Number.POSITIVE_INFINITY, "a JSON infinity"],
    [Number.NaN, "a JSON NaN"],
    [true, "a boolean"],
    [["16"], "a repeated field"],
    [{}, "an object"],
  ] as Array<[unknown, string]>)("refuses %j (%s)", (raw) => {
    expect(parseDecimal(raw)).toBe("invalid");
  });

  it.each([[""], ["   "], ["\t\n"], [undefined], [null]])("takes %j as not given", (raw) => {
    expect(parseDecimal(raw)).toBe("missing");
  });
});

describe("a number field answers with the form's own message", () => {
  const rest = optionalNumber({ label: "Rest", min: 0, max: 3600, integer: true, unit: "seconds" });
  const sets = requiredNumber({ label: "Sets", min: 1, max: 20, integer: true, messages: { missing: "Please enter the number of sets" } });
  const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

  it("refuses rest=0x10 instead of storing 16", () => {
    expect(message(rest.safeParse("0x10"))).toBe("Rest must be a number");
  });

  it("leaves a blank optional field out, and names a blank required one", () => {
    expect(rest.parse("  ")).toBeUndefined();
    expect(message(sets.safeParse(""))).toBe("Please enter the number of sets");
    expect(message(sets.safeParse(undefined))).toBe("Please enter the number of sets");
  });

  it("checks whole numbers, the sign and the range in the label's words", () => {
    expect(message(sets.safeParse("2.5"))).toBe("Sets must be a whole number");
    expect(message(sets.safeParse("-1"))).toBe("Sets cannot be negative");
    expect(message(sets.safeParse("21"))).toBe("Sets must be between 1 and 20");
    expect(message(rest.safeParse("3601"))).toBe("Rest must be between 0 and 3600 seconds");
    expect(sets.parse("+20")).toBe(20);
  });
});
