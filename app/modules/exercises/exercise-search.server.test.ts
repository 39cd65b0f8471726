/**
 * The exercise search as a coach types it (decision 0046), on PGlite and on PostgreSQL:
 * hyphens, spaces, plurals, the usual abbreviations and a typo, best match first, with
 * the same answers from the library page and the pickers.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { searchWords, singular } from "./exercise-search";
import { listExercises, pickExercises } from "./exercises.server";

let trainer: { id: string; email: string; role: "trainer" };

beforeAll(async () => {
  const created = await createUserWithPassword({ name: "Search Trainer", email: "search@exercises.test", password: "trainer-password-1", role: "trainer" });
  trainer = { id: created.id, email: created.email, role: "trainer" };
});

const libraryNames = async (q: string) => (await listExercises(trainer, { q })).items.map((e) => e.name);
const pickerNames = async (q: string) => (await pickExercises(q, 20)).map((e) => e.name);

describe("the words of a search", () => {
  it.each([
    ["Pull-ups", ["pull", "up"]],
    ["pullups", ["pullup"]],
    ["DB row", ["dumbbell", "row"]],
    ["RDL", ["romanian", "deadlift"]],
    ["ohp", ["overhead", "press"]],
    ["Dumbbell flies", ["dumbbell", "fly"]],
    ["bench presses", ["bench", "press"]],
    ["%_", []],
  ])("reads %j as %j", (q, words) => {
    expect(searchWords(q)).toEqual(words);
  });

  it("keeps words that only look plural", () => {
    expect(["press", "triceps", "abs", "crunches", "lunges"].map(singular)).toEqual(["press", "tricep", "ab", "crunch", "lunge"]);
  });
});

describe("a coach finds the exercise they mean first", () => {
  it.each([
    ["Pull-ups", "Pull-Up"],
    ["pullup", "Pull-Up"],
    ["pull ups", "Pull-Up"],
    ["PULL UP", "Pull-Up"],
    ["DB row", "One-Arm Dumbbell Row"],
    ["RDL", "Romanian Deadlift"],
    ["sl rdl", "Single-Leg Romanian Deadlift"],
    ["OHP", "Overhead Press"],
    ["KB swings", "Kettlebell Swing"],
    ["BB curl", "Barbell Curl"],
    ["bss", "Bulgarian Split Squat"],
    ["chinups", "Chin-Up"],
    ["farmers carry", "Farmer's Carry"],
    ["romainan deadlift", "Romanian Deadlift"],
    ["bulgarian slpit squat", "Bulgarian Split Squat"],
  ])("%j finds %j first, in the library and in the pickers", async (q, name) => {
    expect((await libraryNames(q))[0]).toBe(name);
    expect((await pickerNames(q))[0]).toBe(name);
  });

  it("forgives a typo only when nothing is spelled right: every name that matches the words, and no near miss", async () => {
    const found = await libraryNames("deadlift");
    expect(found).toEqual(expect.arrayContaining(["Deadlift", "Romanian Deadlift", "Sumo Deadlift", "Trap Bar Deadlift"]));
    expect(found[0]).toBe("Deadlift");
    expect(found.every((name) => name.toLowerCase().includes("deadlift"))).toBe(true);
  });

  it("finds nothing for a word no exercise is near", async () => {
    for (const q of ["banana", "pizza", "zzz-no-such", "%", "_"]) {
      expect(await libraryNames(q), q).toEqual([]);
      expect(await pickerNames(q), q).toEqual([]);
    }
  });

  it("can answer the library's search from the name's trigram index", async () => {
    const plan = await getDb().transaction(async (tx) => {
      // A library of a few hundred rows is read whole more cheaply; the test asks whether the index serves the search.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select id from exercises where search_key like '%pullup%' or search_key % 'pullup'`);
      return JSON.stringify(result);
    });
    expect(plan).toContain("exercises_search_key_trgm_idx");
  });
});
