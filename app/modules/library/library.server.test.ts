import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { contentItem } from "~/db/schema/library";
import { upload } from "~/db/schema/uploads";
import { fieldErrors } from "~/lib/form";
import { createUserWithPassword } from "~/modules/users/users.server";
import { validMealPlan, validSchedule, validVideo } from "./library.fixture";
import { cmsArticleSchema, mealPlanSchema, scheduleSchema, videoSchema } from "./library.schema";
import {
  CONTENT_PAGE_SIZE,
  countContentItems,
  createContent,
  deleteContent,
  listContent,
  listPublishedContent,
} from "./library.server";

type Actor = { id: string; email: string; role: "member" | "trainer" | "admin" };
let trainer: Actor;
let admin: Actor;
let member: Actor;

beforeAll(async () => {
  for (const role of ["trainer", "admin", "member"] as const) {
    const created = await createUserWithPassword({ name: `Content ${role}`, email: `${role}@content.test`, password: `${role}-password-1`, role });
    const actor = { id: created.id, email: created.email, role };
    if (role === "trainer") trainer = actor;
    else if (role === "admin") admin = actor;
    else member = actor;
  }
});

beforeEach(async () => {
  await getDb().delete(contentItem);
  await getDb().delete(auditLog);
});

async function refusal(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
  return 0;
}

describe("creating, listing and deleting each type", () => {
  it("a trainer adds a video, a meal plan and a schedule; each lists under its own type with its fields", async () => {
    const video = await createContent(trainer, { type: "video", ...validVideo });
    const plan = await createContent(trainer, { type: "meal_plan", ...validMealPlan });
    const schedule = await createContent(admin, { type: "schedule", ...validSchedule, notes: "Deload every fourth week" });

    const videos = await listContent(trainer, "video");
    expect(videos.items.map((i) => i.id)).toEqual([video.id]);
    expect(videos.items[0]).toMatchObject({
      title: "Kettlebell Swing Basics",
      videoUrl: "https://www.youtube.com/watch?v=abc123",
      duration: "10:30",
      category: "Technique",
      membersOnly: false,
      authorId: trainer.id,
      imageId: null,
    });

    const plans = await listContent(admin, "meal_plan");
    expect(plans.items).toHaveLength(1);
    expect(plans.items[0]).toMatchObject({ id: plan.id, caloriesPerDay: 2200, durationWeeks: 8, difficulty: "Beginner", membersOnly: true, videoUrl: null });
    expect(plans.items[0]!.ingredients).toBe("Chicken breast\nBrown rice\nBroccoli");

    const schedules = await listContent(trainer, "schedule");
    expect(schedules.items[0]).toMatchObject({ id: schedule.id, workoutsPerWeek: 3, durationWeeks: 12, notes: "Deload every fourth week", authorId: admin.id });

    expect(await countContentItems()).toBe(3);

    expect(await deleteContent(trainer, video.id)).toBe(true);
    expect(await deleteContent(trainer, plan.id)).toBe(true);
    expect(await deleteContent(admin, schedule.id)).toBe(true);
    expect(await countContentItems()).toBe(0);
    expect(await deleteContent(trainer, video.id)).toBe(false);
  });

  it("lists newest first, 24 per page, and keeps the page within range", async () => {
    const db = getDb();
    const base = Date.UTC(2026, 0, 1);
    await db.insert(contentItem).values(
      Array.from({ length: CONTENT_PAGE_SIZE + 2 }, (_, i) => ({
        id: crypto.randomUUID(),
        type: "video" as const,
        title: `Video ${i}`,
        description: "d",
        category: "Workout",
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = await listContent(trainer, "video");
    expect(first.items).toHaveLength(CONTENT_PAGE_SIZE);
    expect(first.items[0]!.title).toBe(`Video ${CONTENT_PAGE_SIZE + 1}`);
    expect(first).toMatchObject({ total: CONTENT_PAGE_SIZE + 2, page: 1, pageCount: 2 });
    const second = await listContent(trainer, "video", { page: 2 });
    expect(second.items.map((i) => i.title)).toEqual(["Video 1", "Video 0"]);
    expect((await listContent(trainer, "video", { page: 99 })).page).toBe(2);
    expect((await listContent(trainer, "meal_plan")).items).toEqual([]);
  });

  it("keeps the image of an item when the upload exists, and refuses an unknown image", async () => {
    const imageId = crypto.randomUUID();
    await getDb().insert(upload).values({ id: imageId, kind: "image", width: 10, height: 10, variants: [] });
    const { id } = await createContent(trainer, { type: "schedule", ...validSchedule, imageId });
    const [row] = await getDb().select().from(contentItem).where(eq(contentItem.id, id));
    expect(row!.imageId).toBe(imageId);

    await expect(createContent(trainer, { type: "video", ...validVideo, imageId: "no-such-upload" })).rejects.toMatchObject({ status: 400, fieldErrors: { imageId: "The image could not be found. Please upload it again." } });
    expect(await countContentItems()).toBe(1);
  });
});

describe("permissions", () => {
  it("members may not list, create or delete content, and nothing changes", async () => {
    const { id } = await createContent(trainer, { type: "video", ...validVideo });
    await getDb().delete(auditLog);
    expect(await refusal(listContent(member, "video"))).toBe(403);
    expect(await refusal(createContent(member, { type: "video", ...validVideo, title: "Sneaky" }))).toBe(403);
    expect(await refusal(deleteContent(member, id))).toBe(403);
    expect(await countContentItems()).toBe(1);
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });
});

describe("the audit log", () => {
  it("records who added and deleted what", async () => {
    const { id } = await createContent(trainer, { type: "meal_plan", ...validMealPlan });
    await deleteContent(admin, id);
    await deleteContent(admin, id);
    const entries = await getDb().select().from(auditLog).orderBy(auditLog.at, auditLog.action);
    expect(entries.map((e) => [e.action, e.actorEmail, e.targetType, e.targetId, e.summary])).toEqual([
      ["content.created", "trainer@content.test", "meal_plan", id, 'Meal plan "Lean Summer Plan" added'],
      ["content.deleted", "admin@content.test", "meal_plan", id, 'Meal plan "Lean Summer Plan" deleted'],
    ]);
  });
});

describe("what visitors and members see", () => {
  it("visitors see only items that are not members-only; signed-in users see all", async () => {
    const open = await createContent(trainer, { type: "meal_plan", ...validMealPlan, title: "Open plan", membersOnly: "" });
    const locked = await createContent(trainer, { type: "meal_plan", ...validMealPlan, title: "Locked plan", membersOnly: "on" });
    await createContent(trainer, { type: "schedule", ...validSchedule, title: "A schedule" });

    expect((await listPublishedContent(null, "meal_plan")).map((i) => i.id)).toEqual([open.id]);
    expect((await listPublishedContent(member, "meal_plan")).map((i) => i.id).sort()).toEqual([open.id, locked.id].sort());
    expect((await listPublishedContent(member, "schedule")).map((i) => i.title)).toEqual(["A schedule"]);
    expect(await listPublishedContent(null, "video")).toEqual([]);
  });
});

describe("the form schemas", () => {
  const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) return {};
    return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
  };

  const cases = [
    { name: "video", schema: videoSchema, valid: validVideo, required: ["title", "description", "videoUrl", "duration"] },
    {
      name: "meal plan",
      schema: mealPlanSchema,
      valid: validMealPlan,
      required: ["title", "description", "caloriesPerDay", "durationWeeks", "ingredients", "instructions"],
    },
    {
      name: "schedule",
      schema: scheduleSchema,
      valid: validSchedule,
      required: ["title", "description", "durationWeeks", "workoutsPerWeek", "schedule", "equipmentNeeded"],
    },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: the valid form passes; each required field, left empty or missing, is named`, () => {
      expect(errorsOf(c.schema, c.valid)).toEqual({});
      for (const field of c.required) {
        const emptied = errorsOf(c.schema, { ...c.valid, [field]: "   " });
        expect(Object.keys(emptied), field).toEqual([field]);
        expect(emptied[field as keyof typeof emptied]).toMatch(/ is required$/);
        const { [field]: _dropped, ...rest } = c.valid as Record<string, string>;
        expect(Object.keys(errorsOf(c.schema, rest)), field).toEqual([field]);
      }
    });
  }

  it("video: the URL must be http(s), the duration like 10:30, the category from the list", () => {
    expect(errorsOf(videoSchema, { ...validVideo, videoUrl: "youtube.com/watch" })).toEqual({ videoUrl: "Please enter a valid URL (YouTube or Vimeo)" });
    expect(errorsOf(videoSchema, { ...validVideo, videoUrl: "javascript:alert(1)" })).toEqual({ videoUrl: "Please enter a valid URL (YouTube or Vimeo)" });
    expect(errorsOf(videoSchema, { ...validVideo, videoUrl: "https://vimeo.com/123" })).toEqual({});
    expect(errorsOf(videoSchema, { ...validVideo, duration: "ten minutes" })).toEqual({ duration: "Enter the duration as minutes:seconds, e.g. 10:30" });
    expect(errorsOf(videoSchema, { ...validVideo, category: "Knitting" })).toEqual({ category: "Please choose a category" });
    expect(errorsOf(videoSchema, { ...validVideo, category: "Weight Loss" })).toEqual({ category: "Please choose a category" });
  });

  it("numbers must be whole and in range", () => {
    expect(errorsOf(mealPlanSchema, { ...validMealPlan, caloriesPerDay: "lots" })).toEqual({ caloriesPerDay: "Calories per day must be a whole number" });
    expect(errorsOf(mealPlanSchema, { ...validMealPlan, caloriesPerDay: "1800.5" })).toEqual({ caloriesPerDay: "Calories per day must be a whole number" });
    expect(errorsOf(mealPlanSchema, { ...validMealPlan, caloriesPerDay: "100" })).toEqual({ caloriesPerDay: "Calories per day must be between 500 and 10000" });
    expect(errorsOf(mealPlanSchema, { ...validMealPlan, durationWeeks: "0" })).toEqual({ durationWeeks: "Duration in weeks must be between 1 and 104" });
    expect(errorsOf(scheduleSchema, { ...validSchedule, workoutsPerWeek: "15" })).toEqual({ workoutsPerWeek: "Workouts per week must be between 1 and 14" });
    expect(errorsOf(scheduleSchema, { ...validSchedule, workoutsPerWeek: "-2" })).toEqual({ workoutsPerWeek: "Workouts per week cannot be negative" });
    expect(errorsOf(mealPlanSchema, { ...validMealPlan, caloriesPerDay: "0x7d0" })).toEqual({ caloriesPerDay: "Calories per day must be a whole number" });
    expect(errorsOf(mealPlanSchema, { ...validMealPlan, durationWeeks: "1e1" })).toEqual({ durationWeeks: "Duration in weeks must be a whole number" });
    expect(mealPlanSchema.parse({ ...validMealPlan, caloriesPerDay: 2500 }).caloriesPerDay).toBe(2500);
    expect(errorsOf(mealPlanSchema, { ...validMealPlan, difficulty: "Expert" })).toEqual({ difficulty: "Please choose a difficulty" });
  });

  it("members-only is off unless ticked; additional notes are optional", () => {
    expect(videoSchema.parse(validVideo).membersOnly).toBe(false);
    expect(videoSchema.parse({ ...validVideo, membersOnly: undefined }).membersOnly).toBe(false);
    expect(videoSchema.parse({ ...validVideo, membersOnly: "on" }).membersOnly).toBe(true);
    const { notes: _notes, ...withoutNotes } = validSchedule;
    expect(scheduleSchema.parse(withoutNotes).notes).toBe("");
  });

  it("the article form needs a title and content and an article category", () => {
    const article = { title: "Why sleep matters", content: "Eight hours.", category: "Recovery", imageId: "", membersOnly: "" };
    expect(errorsOf(cmsArticleSchema, article)).toEqual({});
    expect(errorsOf(cmsArticleSchema, { ...article, title: "", content: "" })).toEqual({ title: "Title is required", content: "Content is required" });
    expect(errorsOf(cmsArticleSchema, { ...article, category: "Workout" })).toEqual({ category: "Please choose a category" });
    expect(cmsArticleSchema.parse(article).imageId).toBeNull();
  });
});
