import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/lib/time-zone";
import { csvCell, exportProgressCsv } from "./progress-csv.server";
import { logBodyComposition, logMeasurements, logWorkout } from "./progress-entries.server";
import { setGoal } from "./progress-goals.server";
import { newUser, today, useUnit, type Member } from "./progress-test-support";

let a: Member;

beforeEach(async () => {
  a = await newUser();
});

describe("CSV export", () => {
  it("escapes quotes, commas and line breaks, and neutralises formulas", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-5 lbs")).toBe("'-5 lbs");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell(-1.5)).toBe("-1.5");
    expect(csvCell(null)).toBe("");
  });

  it("holds every entry and goal in the member's unit, with a header row", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: addDays(today(), -1), notes: "=cmd|' /C calc'!A0" });
    await logMeasurements(a, { chest: "40", date: today(), notes: 'tape "loose", retry' });
    await logWorkout(a, { exercise: "bench_press", sets: 3, reps: 5, weight: "225", date: today() });
    await setGoal(a, { title: "@risk", description: "line one\nline two", targetDate: addDays(today(), 10), status: "in_progress" });

    const lines = (await exportProgressCsv(a)).split("\r\n");
    expect(lines[0]).toBe("Record,Date,Item,Value,Unit,Sets,Reps,Notes,Status,Target date,Completed on");
    expect(lines).toContain(`Body composition,${addDays(today(), -1)},Weight,180,lbs,,,'=cmd|' /C calc'!A0,,,`);
    expect(lines).toContain(`Measurement,${today()},Chest,40,in,,,"tape ""loose"", retry",,,`);
    expect(lines).toContain(`Workout,${today()},Bench Press,225,lbs,3,5,,,,`);
    expect(lines.join("\r\n")).toContain(`Goal,,'@risk,,,,,"line one\nline two",In progress,${addDays(today(), 10)},`);

    await useUnit(a, "kg");
    const kg = await exportProgressCsv(a);
    expect(kg).toContain(`Weight,81.6,kg`);
    expect(kg).toContain(`Chest,101.6,cm`);
  });
});
