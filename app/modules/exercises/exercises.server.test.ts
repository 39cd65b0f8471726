/**
 * The exercise library's rules on the real database: search and filters, who may add,
 * edit and delete which exercise, the validation messages, and that every refusal
 * changes nothing.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { exercise } from "~/db/schema/exercises";
import { program, programBlock, programDay, programWeek } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { storeImage } from "~/modules/uploads/uploads.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { EXERCISE_CATALOGUE } from "./catalogue";
import { EXERCISE_MESSAGES, EXERCISE_PAGE_SIZE, createExercise, deleteExercise, getExercise, listExercises, updateExercise } from "./exercises.server";

type Actor = { id: string; email: string; role: "member" | "trainer" | "admin" };
const people = {} as Record<"trainer" | "otherTrainer" | "admin" | "member", Actor>;

beforeAll(async () => {
  const roles = { trainer: "trainer", otherTrainer: "trainer", admin: "admin", member: "member" } as const;
  for (const [key, role] of Object.entries(roles) as Array<[keyof typeof people, Actor["role"]]>) {
    const created = await createUserWithPassword({ name: `Exercise ${key}`, email: `${key.toLowerCase()}@exercises.test`, password: `${key}-password-1`, role });
    people[key] = { id: created.id, email: created.email, role };
  }
});

beforeEach(async () => {
  await getDb().delete(setLog);
  await getDb().delete(workoutExercise);
  await getDb().delete(workout);
  await getDb().delete(program);
  await getDb().delete(exercise).where(eq(exercise.createdById, people.trainer.id));
  await getDb().delete(exercise).where(eq(exercise.createdById, people.otherTrainer.id));
  await getDb().delete(exercise).where(eq(exercise.createdById, people.admin.id));
  await getDb().delete(auditLog);
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: "Tempo Goblet Squat",
  category: "strength",
  measure: "weight_reps",
  primaryMuscles: ["quads", "glutes"],
  secondaryMuscles: "adductors",
  equipment: "kettlebell",
  cues: "Three seconds down\n\n  Pause at the bottom  \n",
  demoImageId: "",
  videoUrl: "https://www.youtube.com/watch?v=tempo",
  ...overrides,
});

/** The status and field messages of a refusal (0 when it went through). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string; fieldErrors: Record<string, string> }> {
  try {
    await promise;
  } catch (thrown) {
    const error = thrown as { init?: { status?: number }; message: string; fieldErrors?: Record<string, string>; issues?: Array<{ path: string[]; message: string }> };
    if (error.issues) return { status: 400, message: "", fieldErrors: Object.fromEntries(error.issues.map((i) => [String(i.path[0]), i.message])) };
    return { status: error.init?.status ?? -1, message: error.message, fieldErrors: error.fieldErrors ?? {} };
  }
  return { status: 0, message: "", fieldErrors: {} };
}

const rowOf = async (id: string) => (await getDb().select().from(exercise).where(eq(exercise.id, id)))[0];

describe("searching and filtering the library", () => {
  it("finds names as typed, case-insensitive, words in any order, names starting with the search first", async () => {
    const names = async (q: string) => (await listExercises(people.trainer, { q })).items.map((e) => e.name);
    expect(await names("bench pr")).toEqual(expect.arrayContaining(["Bench Press", "Close-Grip Bench Press", "Incline Bench Press"]));
    expect(await names("PRESS BENCH")).toContain("Bench Press");
    expect((await names("bench"))[0]).toBe("Bench Dip");
    expect(await names("squat")).toEqual(expect.arrayContaining(["Back Squat", "Front Squat", "Goblet Squat"]));
    expect(await names("zzz-no-such")).toEqual([]);
    // LIKE's wildcards are plain characters in a search.
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
  });

  it("filters by a muscle, primary or secondary, and by equipment, together with the search", async () => {
    const slugs = async (query: Parameters<typeof listExercises>[1]) => (await listExercises(people.trainer, query)).items.map((e) => e.slug).sort();
    const calves = await listExercises(people.trainer, { q: "", muscle: "calves" });
    expect(calves.total).toBe(EXERCISE_CATALOGUE.filter((e) => e.primaryMuscles.includes("calves") || e.secondaryMuscles.includes("calves")).length);
    expect(calves.items.every((e) => e.primaryMuscles.includes("calves") || e.secondaryMuscles.includes("calves"))).toBe(true);
    // Primary (calf raises) and secondary (box jump) alike.
    expect(await slugs({ q: "calf raise", muscle: "calves" })).toEqual(["seated-calf-raise", "single-leg-calf-raise", "standing-calf-raise"]);
    expect(await slugs({ q: "box jump", muscle: "calves" })).toEqual(["box-jump"]);

    const kettlebell = await listExercises(people.trainer, { q: "", equipment: "kettlebell" });
    expect(kettlebell.items.every((e) => e.equipment.includes("kettlebell"))).toBe(true);
    expect(kettlebell.items.map((e) => e.slug)).toContain("kettlebell-swing");

    expect(await slugs({ q: "squat", muscle: "adductors", equipment: "barbell" })).toEqual(["squat"]);
    expect(await slugs({ q: "squat", muscle: "neck", equipment: "barbell" })).toEqual([]);
  });

  it("pages the whole library, and a page past the last shows the last", async () => {
    const first = await listExercises(people.trainer, { q: "" });
    expect(first.total).toBe(EXERCISE_CATALOGUE.length);
    expect(first.items).toHaveLength(EXERCISE_PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(EXERCISE_CATALOGUE.length / EXERCISE_PAGE_SIZE));
    const last = await listExercises(people.trainer, { q: "", page: 9999 });
    expect(last.page).toBe(first.pageCount);
    expect(last.items.length).toBe(EXERCISE_CATALOGUE.length - (first.pageCount - 1) * EXERCISE_PAGE_SIZE);
    expect(first.items.every((e) => e.builtIn)).toBe(true);
  });

  it("is staff's: a member is refused the list and an exercise", async () => {
    expect((await refusal(listExercises(people.member, { q: "" }))).status).toBe(403);
    expect((await refusal(getExercise(people.member, "bench-press"))).status).toBe(403);
  });

  it("opens one exercise with its cues; an unknown id is a 404", async () => {
    const bench = await getExercise(people.trainer, "bench-press");
    expect(bench).toMatchObject({ name: "Bench Press", builtIn: true, canChange: false, createdByName: null, videoUrl: null, demoImage: null });
    expect(bench.cues).toEqual(EXERCISE_CATALOGUE.find((e) => e.slug === "bench-press")!.cues);
    expect(await refusal(getExercise(people.trainer, "no-such-exercise"))).toMatchObject({ status: 404, message: EXERCISE_MESSAGES.notFound });
  });
});

describe("adding an exercise", () => {
  it("a trainer adds one with a video link; it is searchable, theirs to change, and audited", async () => {
    const { id, slug } = await createExercise(people.trainer, form());
    expect(slug).toMatch(/^tempo-goblet-squat-[0-9a-f]{8}$/);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      name: "Tempo Goblet Squat",
      primaryMuscles: ["quads", "glutes"],
      secondaryMuscles: ["adductors"],
      equipment: ["kettlebell"],
      cues: "Three seconds down\nPause at the bottom",
      createdById: people.trainer.id,
      videoUrl: "https://www.youtube.com/watch?v=tempo",
    });
    const found = await listExercises(people.trainer, { q: "goblet tempo", muscle: "adductors", equipment: "kettlebell" });
    expect(found.items.map((e) => e.id)).toEqual([id]);
    expect(found.items[0]!.builtIn).toBe(false);
    const detail = await getExercise(people.trainer, id);
    expect(detail).toMatchObject({ canChange: true, createdByName: "Exercise trainer", cues: ["Three seconds down", "Pause at the bottom"] });
    expect((await getExercise(people.otherTrainer, id)).canChange).toBe(false);
    expect((await getExercise(people.admin, id)).canChange).toBe(true);
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({ action: "content.created", targetType: "exercise", actorId: people.trainer.id, summary: 'Exercise "Tempo Goblet Squat" added' });
  });

  it("keeps an uploaded demo image and shows it", async () => {
    const image = await storeImage(people.trainer, await sharp({ create: { width: 640, height: 480, channels: 3, background: "#0f766e" } }).jpeg().toBuffer());
    const { id } = await createExercise(people.trainer, form({ demoImageId: image.id, videoUrl: "" }));
    const detail = await getExercise(people.trainer, id);
    expect(detail.demoImageId).toBe(image.id);
    expect(detail.demoImage?.src).toMatch(new RegExp(`^/uploads/images/${image.id}/`));
    expect(detail.videoUrl).toBeNull();
  });

  it("refuses a member, with nothing stored", async () => {
    expect(await refusal(createExercise(people.member, form()))).toMatchObject({ status: 403 });
    expect(await getDb().select().from(exercise).where(eq(exercise.name, "Tempo Goblet Squat"))).toEqual([]);
  });

  it("refuses bad input with the form's messages, with nothing stored", async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: "  " }, { name: "Name is required" }],
      [{ name: "x".repeat(101) }, { name: "Please keep the name under 100 characters" }],
      [{ category: "yoga" }, { category: "Please choose a category" }],
      [{ measure: "" }, { measure: "Please choose how the exercise is measured" }],
      [{ primaryMuscles: [] }, { primaryMuscles: "Please choose at least one primary muscle" }],
      [{ primaryMuscles: ["quads", "elbows"] }, { primaryMuscles: "Please choose from the list" }],
      [{ secondaryMuscles: ["quads"] }, { secondaryMuscles: "A muscle is either primary or secondary, not both" }],
      [{ equipment: undefined }, { equipment: "Please choose the equipment (Bodyweight when none is needed)" }],
      [{ cues: "1\n2\n3\n4\n5\n6" }, { cues: "Please give at most 5 cues, one per line, each under 200 characters" }],
      [{ cues: "y".repeat(201) }, { cues: "Please give at most 5 cues, one per line, each under 200 characters" }],
      [{ videoUrl: "http://www.youtube.com/watch?v=tempo" }, { videoUrl: "The video link must be a full https:// address, e.g. https://www.youtube.com/watch?v=…" }],
      [{ videoUrl: "javascript:alert(1)" }, { videoUrl: "The video link must be a full https:// address, e.g. https://www.youtube.com/watch?v=…" }],
      [{ videoUrl: "https://localhost/x" }, { videoUrl: "The video link must be a full https:// address, e.g. https://www.youtube.com/watch?v=…" }],
      [{ videoUrl: `https://example.com/${"v".repeat(500)}` }, { videoUrl: "The video link must be a full https:// address, e.g. https://www.youtube.com/watch?v=…" }],
    ];
    for (const [overrides, fieldErrors] of cases) {
      expect(await refusal(createExercise(people.trainer, form(overrides))), JSON.stringify(overrides)).toEqual({ status: 400, message: "", fieldErrors });
    }
    expect(await getDb().select().from(exercise).where(eq(exercise.createdById, people.trainer.id))).toEqual([]);
  });

  it("refuses a name already in the library, whatever its case, and an image that is not there", async () => {
    expect(await refusal(createExercise(people.trainer, form({ name: "bench PRESS" })))).toEqual({ status: 409, message: "", fieldErrors: { name: EXERCISE_MESSAGES.nameTaken } });
    expect(await refusal(createExercise(people.trainer, form({ demoImageId: "no-such-upload" })))).toEqual({ status: 400, message: "", fieldErrors: { demoImageId: EXERCISE_MESSAGES.imageGone } });
    expect(await getDb().select().from(exercise).where(eq(exercise.createdById, people.trainer.id))).toEqual([]);
  });
});

describe("editing an exercise", () => {
  it("a trainer edits their own; the slug follows the name", async () => {
    const { id } = await createExercise(people.trainer, form());
    const { slug } = await updateExercise(people.trainer, id, form({ name: "Paused Goblet Squat", measure: "reps", videoUrl: "" }));
    expect(slug).toBe(`paused-goblet-squat-${id.slice(0, 8)}`);
    expect(await rowOf(id)).toMatchObject({ name: "Paused Goblet Squat", measure: "reps", videoUrl: null, slug });
    // Keeping its own name is not a clash.
    await updateExercise(people.trainer, id, form({ name: "Paused Goblet Squat" }));
  });

  it("an administrator edits any staff exercise", async () => {
    const { id } = await createExercise(people.trainer, form());
    await updateExercise(people.admin, id, form({ name: "Goblet Squat, Slow" }));
    expect((await rowOf(id))?.name).toBe("Goblet Squat, Slow");
  });

  it("refuses another trainer, a member, a built-in for everybody, an unknown id and a clashing name; nothing changes", async () => {
    const { id } = await createExercise(people.trainer, form());
    const before = await rowOf(id);
    expect(await refusal(updateExercise(people.otherTrainer, id, form({ name: "Taken over" })))).toMatchObject({ status: 403, message: EXERCISE_MESSAGES.notYours });
    expect(await refusal(updateExercise(people.member, id, form({ name: "Taken over" })))).toMatchObject({ status: 403 });
    expect(await refusal(updateExercise(people.trainer, id, form({ name: "Deadlift" })))).toMatchObject({ status: 409, fieldErrors: { name: EXERCISE_MESSAGES.nameTaken } });
    expect(await refusal(updateExercise(people.trainer, id, form({ videoUrl: "ftp://example.com/x" })))).toMatchObject({ status: 400 });
    expect(await rowOf(id)).toEqual(before);

    const bench = await rowOf("bench-press");
    for (const who of [people.trainer, people.admin]) {
      expect(await refusal(updateExercise(who, "bench-press", form({ name: "Bench" })))).toMatchObject({ status: 403, message: EXERCISE_MESSAGES.builtInReadOnly });
    }
    expect(await rowOf("bench-press")).toEqual(bench);
    expect(await refusal(updateExercise(people.admin, "no-such-exercise", form()))).toMatchObject({ status: 404, message: EXERCISE_MESSAGES.notFound });
  });
});

/** Puts the exercise into a coach's program as a block. */
async function useInProgram(exerciseId: string): Promise<void> {
  const db = getDb();
  const programId = crypto.randomUUID();
  const weekId = crypto.randomUUID();
  const dayId = crypto.randomUUID();
  await db.insert(program).values({ id: programId, name: "Uses it", createdById: people.trainer.id });
  await db.insert(programWeek).values({ id: weekId, programId, position: 0 });
  await db.insert(programDay).values({ id: dayId, programId, weekId, dayIndex: 0, title: "Day 1" });
  await db.insert(programBlock).values({ id: crypto.randomUUID(), dayId, position: 0, exerciseId, sets: 3, repsMin: 8, repsMax: 8 });
}

/** A member performed it: a workout with the exercise and one logged set. */
async function useInLog(exerciseId: string): Promise<void> {
  const db = getDb();
  const workoutId = crypto.randomUUID();
  const workoutExerciseId = crypto.randomUUID();
  await db.insert(workout).values({ id: workoutId, userId: people.member.id, title: "Ad hoc", performedOn: "2026-11-20" });
  await db.insert(workoutExercise).values({ id: workoutExerciseId, workoutId, exerciseId, position: 0 });
  await db.insert(setLog).values({ id: crypto.randomUUID(), workoutExerciseId, userId: people.member.id, exerciseId, performedOn: "2026-11-20", setNumber: 1, weightKg: 40, reps: 8 });
}

describe("deleting an exercise", () => {
  it("a trainer deletes their own unused exercise, an administrator anyone's; audited", async () => {
    const mine = await createExercise(people.trainer, form());
    expect(await deleteExercise(people.trainer, mine.id)).toEqual({ name: "Tempo Goblet Squat" });
    expect(await rowOf(mine.id)).toBeUndefined();
    const theirs = await createExercise(people.otherTrainer, form({ name: "Other's Squat" }));
    await deleteExercise(people.admin, theirs.id);
    expect(await rowOf(theirs.id)).toBeUndefined();
    const entries = await getDb().select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog).where(eq(auditLog.action, "content.deleted"));
    expect(entries.map((e) => e.summary).sort()).toEqual(['Exercise "Other\'s Squat" deleted', 'Exercise "Tempo Goblet Squat" deleted']);
  });

  it("refuses one a program block uses, and one a member logged, with the reason; the exercise stays", async () => {
    const inProgram = await createExercise(people.trainer, form({ name: "Programmed Squat" }));
    await useInProgram(inProgram.id);
    const inLog = await createExercise(people.trainer, form({ name: "Logged Squat" }));
    await useInLog(inLog.id);
    for (const id of [inProgram.id, inLog.id]) {
      expect(await refusal(deleteExercise(people.admin, id))).toMatchObject({ status: 409, message: EXERCISE_MESSAGES.inUse });
      expect(await rowOf(id)).toBeDefined();
    }
  });

  it("refuses another trainer, a member, a built-in and an unknown id; nothing is deleted", async () => {
    const { id } = await createExercise(people.trainer, form());
    expect(await refusal(deleteExercise(people.otherTrainer, id))).toMatchObject({ status: 403, message: EXERCISE_MESSAGES.notYours });
    expect(await refusal(deleteExercise(people.member, id))).toMatchObject({ status: 403 });
    expect(await refusal(deleteExercise(people.admin, "squat"))).toMatchObject({ status: 403, message: EXERCISE_MESSAGES.builtInReadOnly });
    expect(await refusal(deleteExercise(people.admin, "no-such-exercise"))).toMatchObject({ status: 404 });
    expect(await rowOf(id)).toBeDefined();
    expect(await rowOf("squat")).toBeDefined();
  });
});
