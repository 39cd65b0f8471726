// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { EXERCISE_CATALOGUE } from "./catalogue";
import { CATEGORY_KEYS, EQUIPMENT_KEYS, MEASURE_KEYS, MUSCLE_KEYS } from "./exercise-keys";
import { hasStaffSlugShape, slugBase, staffSlug } from "./exercise-slug";
import { LIFT_EXERCISES } from "./lifts";

describe("the exercise catalogue", () => {
  it("ships at least 150 exercises with unique slugs and unique names", () => {
    expect(EXERCISE_CATALOGUE.length).toBeGreaterThanOrEqual(150);
    const slugs = EXERCISE_CATALOGUE.map((e) => e.slug);
    expect(slugs.filter((s, i) => slugs.indexOf(s) !== i)).toEqual([]);
    const names = EXERCISE_CATALOGUE.map((e) => e.name.toLowerCase());
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it("describes every exercise with keys from the closed lists only", () => {
    const bad: string[] = [];
    for (const e of EXERCISE_CATALOGUE) {
      if (!CATEGORY_KEYS.includes(e.category)) bad.push(`${e.slug}: category ${e.category}`);
      if (!MEASURE_KEYS.includes(e.measure)) bad.push(`${e.slug}: measure ${e.measure}`);
      if (e.primaryMuscles.length === 0) bad.push(`${e.slug}: no primary muscle`);
      if (e.equipment.length === 0) bad.push(`${e.slug}: no equipment`);
      for (const m of [...e.primaryMuscles, ...e.secondaryMuscles]) if (!MUSCLE_KEYS.includes(m)) bad.push(`${e.slug}: muscle ${m}`);
      for (const q of e.equipment) if (!EQUIPMENT_KEYS.includes(q)) bad.push(`${e.slug}: equipment ${q}`);
      if (e.secondaryMuscles.some((m) => e.primaryMuscles.includes(m))) bad.push(`${e.slug}: a muscle both primary and secondary`);
    }
    expect(bad).toEqual([]);
  });

  it("gives every exercise one to three short coaching cues", () => {
    const bad = EXERCISE_CATALOGUE.filter((e) => e.cues.length < 1 || e.cues.length > 3 || e.cues.some((c) => c.trim() === "" || c.length > 200 || c.includes("\n")));
    expect(bad.map((e) => e.slug)).toEqual([]);
  });

  it("holds the seven lifts of the progress form under their slugs, measured by weight and reps", () => {
    for (const slug of Object.values(LIFT_EXERCISES)) {
      expect(EXERCISE_CATALOGUE.find((e) => e.slug === slug), slug).toMatchObject({ slug, measure: "weight_reps" });
    }
  });

  it("uses plain slugs that can never meet a staff-made exercise's slug", () => {
    for (const e of EXERCISE_CATALOGUE) {
      expect(e.slug, e.name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(hasStaffSlugShape(e.slug), e.slug).toBe(false);
    }
  });
});

describe("staff-made exercise slugs", () => {
  it("are the name's words plus eight hex digits of the id", () => {
    expect(staffSlug("Zercher Squat", "3F9A1C2E-0000-4000-8000-000000000000")).toBe("zercher-squat-3f9a1c2e");
    expect(staffSlug("Café Crunch (tempo 3-1-1)", "0123abcd-aaaa")).toBe("cafe-crunch-tempo-3-1-1-0123abcd");
    expect(hasStaffSlugShape(staffSlug("Bench Press", crypto.randomUUID()))).toBe(true);
  });

  it("fall back to 'exercise' for a name without letters or digits and stay short for long names", () => {
    expect(slugBase("!!!")).toBe("exercise");
    expect(slugBase("word ".repeat(40)).length).toBeLessThanOrEqual(60);
  });
});
