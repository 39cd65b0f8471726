import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { exercise } from "~/db/schema/exercises";
import { siteSetting } from "~/db/schema/settings";
import { createUserWithPassword } from "~/modules/users/users.server";
import { EXERCISE_CATALOGUE, type CatalogueExercise } from "./catalogue";
import { CATALOGUE_SETTING_KEY, catalogueHash, syncExerciseCatalogue } from "./catalogue-sync.server";
import { createExercise } from "./exercises.server";
import { LIFT_EXERCISES } from "./lifts";

const builtIns = () => getDb().select().from(exercise).where(eq(exercise.id, exercise.slug));

describe("the catalogue sync", () => {
  it("has put every built-in exercise into a new database (the test template is made as a start makes it)", async () => {
    const rows = await builtIns();
    expect(rows).toHaveLength(EXERCISE_CATALOGUE.length);
    const bench = rows.find((r) => r.id === LIFT_EXERCISES.bench_press)!;
    const expected = EXERCISE_CATALOGUE.find((e) => e.slug === "bench-press")!;
    expect(bench).toMatchObject({ slug: "bench-press", name: expected.name, measure: "weight_reps", createdById: null, cues: expected.cues.join("\n") });
    const [setting] = await getDb().select().from(siteSetting).where(eq(siteSetting.key, CATALOGUE_SETTING_KEY));
    expect(setting?.value).toMatchObject({ hash: catalogueHash() });
  });

  it("does nothing when the catalogue has not changed", async () => {
    const before = await builtIns();
    expect(await syncExerciseCatalogue(getDb())).toBe(false);
    const after = await builtIns();
    expect(after.map((r) => r.updatedAt.getTime())).toEqual(before.map((r) => r.updatedAt.getTime()));
  });

  it("a later release corrects and adds built-ins, and leaves staff-made exercises alone", async () => {
    const author = await createUserWithPassword({ name: "Sync Trainer", email: "trainer@sync.test", password: "trainer-password-1", role: "trainer" });
    const trainer = { id: author.id, email: author.email, role: "trainer" as const };
    const own = await createExercise(trainer, { name: "Zercher Squat", category: "strength", measure: "weight_reps", primaryMuscles: ["quads"], equipment: ["barbell"], cues: "Bar in the crook of the elbows" });
    const [ownBefore] = await getDb().select().from(exercise).where(eq(exercise.id, own.id));

    const corrected: CatalogueExercise[] = EXERCISE_CATALOGUE.map((e) => (e.slug === "plank" ? { ...e, name: "Front Plank", cues: ["Brace as if about to be poked in the stomach."] } : e));
    const added: CatalogueExercise = { slug: "zercher-squat", name: "Zercher Squat", category: "strength", measure: "weight_reps", primaryMuscles: ["quads", "glutes"], secondaryMuscles: ["upper_back"], equipment: ["barbell"], cues: ["Hold the bar in the elbows."] };
    const next = [...corrected, added];

    expect(await syncExerciseCatalogue(getDb(), next)).toBe(true);
    const rows = await getDb().select().from(exercise).where(inArray(exercise.id, ["plank", "zercher-squat", own.id]));
    expect(rows.find((r) => r.id === "plank")).toMatchObject({ name: "Front Plank", cues: "Brace as if about to be poked in the stomach." });
    expect(rows.find((r) => r.id === "zercher-squat")).toMatchObject({ slug: "zercher-squat", createdById: null, equipment: ["barbell"] });
    // The staff exercise of the same name keeps its row exactly as it was.
    expect(rows.find((r) => r.id === own.id)).toEqual(ownBefore);
    const [setting] = await getDb().select().from(siteSetting).where(eq(siteSetting.key, CATALOGUE_SETTING_KEY));
    expect(setting?.value).toMatchObject({ hash: catalogueHash(next), exercises: next.length });

    // And back to this release's catalogue (the added one stays: nothing is ever deleted).
    expect(await syncExerciseCatalogue(getDb())).toBe(true);
    const [plank] = await getDb().select().from(exercise).where(eq(exercise.id, "plank"));
    expect(plank?.name).toBe("Plank");
  });

  it("puts back a built-in row changed or removed by hand", async () => {
    await getDb().update(exercise).set({ name: "Squat (edited by hand)" }).where(eq(exercise.id, "squat"));
    await getDb().delete(exercise).where(eq(exercise.id, "wall-sit"));
    await getDb().update(siteSetting).set({ value: { hash: "an older release" } }).where(eq(siteSetting.key, CATALOGUE_SETTING_KEY));
    expect(await syncExerciseCatalogue(getDb())).toBe(true);
    const rows = await getDb().select({ id: exercise.id, name: exercise.name }).from(exercise).where(inArray(exercise.id, ["squat", "wall-sit"]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.name]))).toEqual({ squat: "Back Squat", "wall-sit": "Wall Sit" });
  });

  it("two processes starting at once sync once and both succeed", async () => {
    await getDb().update(siteSetting).set({ value: { hash: "an older release" } }).where(eq(siteSetting.key, CATALOGUE_SETTING_KEY));
    const results = await Promise.all([syncExerciseCatalogue(getDb()), syncExerciseCatalogue(getDb())]);
    // One writes; the other finds the work done once it holds the lock.
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await builtIns()).toHaveLength(EXERCISE_CATALOGUE.length + 1); // + the zercher squat the earlier test added
  });
});
