// @test-database none: no query here (decision 0020).
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_NUMBER_TEXT_LENGTH } from "~/lib/number-rules";
import { bodyCompositionSchema, workoutSchema } from "./progress.schema";

const ctx = { unit: "lbs" as const, today: "2026-03-01" };

/** Every string a regular expression is run over while `run` works. */
function stringsReadByPatterns(run: () => void): string[] {
  const seen: string[] = [];
  const exec = vi.spyOn(RegExp.prototype, "exec");
  const test = vi.spyOn(RegExp.prototype, "test");
  try {
    run();
    for (const call of [...exec.mock.calls, ...test.mock.calls]) seen.push(String(call[0]));
  } finally {
    exec.mockRestore();
    test.mockRestore();
  }
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe("numbers typed into the progress forms", () => {
  it("refuses a 64 KB field of digits as 'must be a number' before any pattern reads it", () => {
    const huge = `${"1".repeat(64 * 1024)}a`;
    let result: ReturnType<ReturnType<typeof bodyCompositionSchema>["safeParse"]> | undefined;
    const read = stringsReadByPatterns(() => {
      result = bodyCompositionSchema(ctx).safeParse({ type: "weight", value: huge, date: "2026-02-27" });
    });
    expect(result?.success).toBe(false);
    expect(result?.error?.issues.map((i) => i.message)).toEqual(["Weight must be a number"]);
    expect(read.filter((s) => s.length > MAX_NUMBER_TEXT_LENGTH)).toEqual([]);
  });

  it("caps every number field, sets and reps too", () => {
    const long = "9".repeat(MAX_NUMBER_TEXT_LENGTH + 1);
    const result = workoutSchema(ctx).safeParse({ exercise: "squat", sets: long, reps: long, weight: long, date: "2026-02-27" });
    expect(result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`).sort()).toEqual([
      "reps: Reps must be a number",
      "sets: Sets must be a number",
      "weight: Weight must be a number",
    ]);
  });

  it("still reads plain decimals up to the cap, with spaces around them", () => {
    const padded = ` ${"0".repeat(MAX_NUMBER_TEXT_LENGTH - 7)}180.5 `;
    expect(padded.length).toBe(MAX_NUMBER_TEXT_LENGTH);
    expect(bodyCompositionSchema(ctx).parse({ type: "weight", value: padded, date: "2026-02-27" }).value).toBe(180.5);
    for (const [value, expected] of [["180", 180], ["180.", 180], [".5", 0.5], ["+12.5", 12.5]] as const) {
      expect(bodyCompositionSchema(ctx).parse({ type: "weight", value, date: "2026-02-27" }).value, value).toBe(expected);
    }
  });
});
