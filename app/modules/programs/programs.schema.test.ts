// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form";
import { assignFormSchema, blockFormSchema, blockTargets } from "./programs.schema";

const valid = { exerciseId: "bench-press", measure: "weight_reps", sets: "3", reps: "8-12", loadKind: "none", restSeconds: "90", tempo: "3-1-1-0", notes: "" };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = blockFormSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("the block form", () => {
  it("takes reps as a number or a range and stores min and max", () => {
    expect(blockTargets(blockFormSchema.parse(valid))).toMatchObject({ sets: 3, repsMin: 8, repsMax: 12, restSeconds: 90, tempo: "3-1-1-0", loadKind: "none", loadValue: null });
    expect(blockTargets(blockFormSchema.parse({ ...valid, reps: "5" }))).toMatchObject({ repsMin: 5, repsMax: 5 });
  });

  it("refuses reps that are not a number or a rising range", () => {
    expect(errorsOf({ ...valid, reps: "" }).reps).toBe("Reps must be a number like 8 or a range like 8-12");
    expect(errorsOf({ ...valid, reps: "twelve" }).reps).toBe("Reps must be a number like 8 or a range like 8-12");
    expect(errorsOf({ ...valid, reps: "12-8" }).reps).toBe("The range must go from the lower number to the higher, like 8-12");
    expect(errorsOf({ ...valid, reps: "0" }).reps).toBe("Reps must be between 1 and 100");
  });

  it("asks a timed exercise for seconds and a distance exercise for metres, and keeps no reps for them", () => {
    expect(errorsOf({ ...valid, measure: "time", reps: "" }).durationSeconds).toBe("Time must be between 1 and 86400 seconds");
    expect(blockTargets(blockFormSchema.parse({ ...valid, measure: "time", durationSeconds: "45" }))).toMatchObject({ durationSeconds: 45, repsMin: null, repsMax: null });
    expect(errorsOf({ ...valid, measure: "distance", distanceMeters: "0" }).distanceMeters).toBe("Distance must be between 1 and 1000000 metres");
    expect(blockTargets(blockFormSchema.parse({ ...valid, measure: "distance", distanceMeters: "500" }))).toMatchObject({ distanceMeters: 500, durationSeconds: null });
  });

  it("keeps a weight in kilograms whichever unit it was typed in", () => {
    expect(blockTargets(blockFormSchema.parse({ ...valid, loadKind: "weight", loadValue: "100", loadUnit: "kg" })).loadValue).toBe(100);
    expect(blockTargets(blockFormSchema.parse({ ...valid, loadKind: "weight", loadValue: "225", loadUnit: "lbs" })).loadValue).toBeCloseTo(102.058, 3);
  });

  it("checks each load kind's range", () => {
    expect(errorsOf({ ...valid, loadKind: "weight", loadValue: "" }).loadValue).toBe("Please enter the Weight");
    expect(errorsOf({ ...valid, loadKind: "weight", loadValue: "2300", loadUnit: "lbs" }).loadValue).toBe("Weight must be between 0.5 and 1000 kg (2200 lbs)");
    expect(errorsOf({ ...valid, loadKind: "percent_1rm", loadValue: "130" }).loadValue).toBe("% of 1RM must be between 1 and 120");
    expect(errorsOf({ ...valid, loadKind: "rpe", loadValue: "11" }).loadValue).toBe("RPE must be between 1 and 10");
    expect(errorsOf({ ...valid, loadKind: "rir", loadValue: "-1" }).loadValue).toBe("RIR must be between 0 and 10");
    expect(blockTargets(blockFormSchema.parse({ ...valid, loadKind: "percent_1rm", loadValue: "75" }))).toMatchObject({ loadKind: "percent_1rm", loadValue: 75 });
  });

  it("gives weight and % of 1RM only to exercises measured by weight and reps", () => {
    expect(errorsOf({ ...valid, measure: "reps", loadKind: "percent_1rm", loadValue: "70" }).loadKind).toBe("Weight and % of 1RM need an exercise measured by weight and reps");
    expect(errorsOf({ ...valid, measure: "reps", loadKind: "rir", loadValue: "2" })).toEqual({});
  });

  it("checks sets, rest and tempo", () => {
    expect(errorsOf({ ...valid, sets: "0" }).sets).toBe("Sets must be between 1 and 20");
    expect(errorsOf({ ...valid, sets: "" }).sets).toBe("Please enter the number of sets");
    expect(errorsOf({ ...valid, restSeconds: "4000" }).restSeconds).toBe("Rest must be between 0 and 3600 seconds");
    expect(errorsOf({ ...valid, tempo: "slow" }).tempo).toBe('Tempo must be four numbers like "3-1-1-0"');
    expect(errorsOf({ ...valid, tempo: "3-X-1-0" })).toEqual({});
    expect(errorsOf({ ...valid, exerciseId: "" }).exerciseId).toBe("Please choose an exercise");
  });

  it("reads every number as a decimal: hex, exponents, blanks and Infinity are refused, not guessed (decision 0045)", () => {
    expect(errorsOf({ ...valid, restSeconds: "0x10" }).restSeconds).toBe("Rest must be a number of seconds");
    expect(errorsOf({ ...valid, restSeconds: "1e3" }).restSeconds).toBe("Rest must be a number of seconds");
    expect(errorsOf({ ...valid, sets: "0x3" }).sets).toBe("Sets must be a whole number");
    expect(errorsOf({ ...valid, sets: "   " }).sets).toBe("Please enter the number of sets");
    expect(errorsOf({ ...valid, loadKind: "rpe", loadValue: "Infinity" }).loadValue).toBe("Load must be a number");
    expect(errorsOf({ ...valid, measure: "time", durationSeconds: "6e1" }).durationSeconds).toBe("Time must be a number of seconds");
    expect(blockTargets(blockFormSchema.parse({ ...valid, restSeconds: " 090 " })).restSeconds).toBe(90);
  });
});

describe("the assign form", () => {
  it("needs one member or more and a real start date", () => {
    expect(assignFormSchema.parse({ memberIds: "m1", startDate: "2026-12-07" })).toEqual({ memberIds: ["m1"], startDate: "2026-12-07" });
    const refused = assignFormSchema.safeParse({ startDate: "2026-02-30" });
    expect(refused.success).toBe(false);
    expect(fieldErrors(refused.error!)).toEqual({ memberIds: "Please choose at least one member", startDate: "Please enter a real date (yyyy-mm-dd)" });
  });
});
