/**
 * The sweep of unused uploads on the real database and real storage (local disk, and an
 * S3 server for the bucket case): what is referenced stays, what is old and referenced
 * nowhere goes with its files, and a file that cannot be removed keeps its row.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { article } from "~/db/schema/articles";
import { auditLog } from "~/db/schema/audit";
import { contentItem } from "~/db/schema/library";
import { exercise } from "~/db/schema/exercises";
import { nutritionDocument } from "~/db/schema/documents";
import { job } from "~/db/schema/jobs";
import { upload } from "~/db/schema/uploads";
import { runDueJobs } from "~/jobs.server";
import { everyHour } from "~/lib/jobs.server";
import { dataPath } from "~/lib/data-dir.server";
import { getStorage, resetStorage, S3FileStorage } from "~/lib/storage.server";
import { createArticle, updateArticle, type ArticleInput } from "~/modules/articles/articles.server";
import { validMealPlan } from "~/modules/library/library.fixture";
import { createContent } from "~/modules/library/library.server";
import { createExercise } from "~/modules/exercises/exercises.server";
import { createDocument } from "~/modules/nutrition/nutrition.server";
import { tinyPdf } from "~/modules/nutrition/nutrition.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { S3_TEST_CREDENTIALS, startS3Server } from "~/../tests/support/s3-server";
import { storeDocumentFile } from "./documents.server";
import { sweepOrphanUploads, sweepUploadsJob } from "./sweep.server";
import { storeImage } from "./uploads.server";
import { storedFiles, uploadRows, wipeUploads } from "./uploads.test-support";

const HOUR = 60 * 60 * 1000;
let trainer: SessionUser;

beforeAll(async () => {
  const created = await createUserWithPassword({ email: "trainer@sweep.test", password: "sweep-password", name: "Sam Sweep", role: "trainer" });
  trainer = { id: created.id, email: created.email, name: created.name, role: "trainer", profileComplete: true, weightUnit: "lbs" };
});

beforeEach(async () => {
  await getDb().delete(article);
  await getDb().delete(contentItem);
  await getDb().delete(nutritionDocument);
  await wipeUploads();
  await getDb().delete(auditLog);
});

afterEach(() => resetStorage());

const photo = (width = 600, height = 400) => sharp({ create: { width, height, channels: 3, background: "#16a34a" } }).jpeg().toBuffer();

/** Makes an upload look as if it had been made this many hours ago. */
async function age(id: string, hours: number): Promise<void> {
  await getDb()
    .update(upload)
    .set({ createdAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(upload.id, id));
}

async function keysOf(id: string): Promise<string[]> {
  const [row] = await getDb().select({ variants: upload.variants }).from(upload).where(eq(upload.id, id));
  return row!.variants.map((v) => v.key).sort();
}

async function rowIds(): Promise<string[]> {
  return (await uploadRows()).map((r) => r.id).sort();
}

const articleInput = (overrides: Partial<ArticleInput> = {}): ArticleInput => ({
  title: "Hinge Patterns",
  excerpt: "",
  content: "Hips back, chest proud.",
  category: "Training",
  imageId: null,
  readTime: 4,
  published: false,
  membersOnly: false,
  ...overrides,
});

describe("sweepOrphanUploads", () => {
  it("keeps every upload something references, removes an old unreferenced one with its files, keeps a young one", async () => {
    const cover = await storeImage(trainer, await photo());
    await createArticle(trainer, articleInput({ title: "Cover", imageId: cover.id }));

    const mealPlanImage = await storeImage(trainer, await photo(500, 500));
    await createContent(trainer, { type: "meal_plan", ...validMealPlan, imageId: mealPlanImage.id });

    const pdf = await storeDocumentFile(trainer, tinyPdf(), "plan.pdf");
    await createDocument(trainer, { title: "Plan", description: "", category: "meal-plans", type: "pdf", uploadId: pdf.uploadId });

    // Embedded the way the editor's hint suggests: the URL the image is served at, in a draft.
    const inBody = await storeImage(trainer, await photo(800, 500));
    await createArticle(trainer, articleInput({ title: "Body", content: `Set-up:\n\n![The start position](/uploads/images/${inBody.id}/960.webp)\n\nThen pull.` }));

    const demo = await storeImage(trainer, await photo(640, 480));
    const own = await createExercise(trainer, { name: "Sweep Squat", category: "strength", measure: "weight_reps", primaryMuscles: ["quads"], equipment: ["barbell"], demoImageId: demo.id });

    const forgotten = await storeImage(trainer, await photo(300, 200));
    const forgottenPdf = await storeDocumentFile(trainer, tinyPdf("never saved"), "draft.pdf");
    const fresh = await storeImage(trainer, await photo(320, 240));

    const referenced = [cover.id, mealPlanImage.id, pdf.uploadId, inBody.id, demo.id];
    for (const id of [...referenced, forgotten.id, forgottenPdf.uploadId]) await age(id, 25);
    await age(fresh.id, 23);
    const forgottenKeys = [...(await keysOf(forgotten.id)), ...(await keysOf(forgottenPdf.uploadId))];
    const keptKeys = (await Promise.all([...referenced, fresh.id].map(keysOf))).flat();

    expect(await sweepOrphanUploads()).toBe(2);

    expect(await rowIds()).toEqual([...referenced, fresh.id].sort());
    const files = storedFiles();
    expect(files).toEqual(expect.arrayContaining(keptKeys));
    for (const key of forgottenKeys) expect(files).not.toContain(key);
    expect(fs.existsSync(dataPath("uploads", "images", forgotten.id))).toBe(false);
    expect(await getStorage().get(forgottenKeys[0]!)).toBeNull();

    const audit = await getDb().select().from(auditLog).where(eq(auditLog.action, "upload.deleted"));
    expect(audit.map((a) => a.targetId).sort()).toEqual([forgotten.id, forgottenPdf.uploadId].sort());
    expect(audit.find((a) => a.targetId === forgottenPdf.uploadId)).toMatchObject({ actorId: null, targetType: "upload", summary: expect.stringMatching(/^Unused PDF removed \(1 file, uploaded \d{4}-\d\d-\d\d/) });

    // The references still work: nothing was set to null by the foreign keys.
    expect((await getDb().select({ imageId: article.imageId }).from(article).where(eq(article.title, "Cover")))[0]?.imageId).toBe(cover.id);
    expect((await getDb().select({ imageId: contentItem.imageId }).from(contentItem))[0]?.imageId).toBe(mealPlanImage.id);
    expect((await getDb().select({ uploadId: nutritionDocument.uploadId }).from(nutritionDocument))[0]?.uploadId).toBe(pdf.uploadId);
    expect((await getDb().select({ imageId: exercise.demoImageId }).from(exercise).where(eq(exercise.id, own.id)))[0]?.imageId).toBe(demo.id);

    // A second run finds nothing more to do.
    expect(await sweepOrphanUploads()).toBe(0);
    expect(await rowIds()).toEqual([...referenced, fresh.id].sort());
  });

  it("removes a cover image once the article no longer uses it, and honours olderThan", async () => {
    const first = await storeImage(trainer, await photo());
    const second = await storeImage(trainer, await photo(400, 300));
    const { id } = await createArticle(trainer, articleInput({ imageId: first.id }));
    await updateArticle(trainer, id, articleInput({ imageId: second.id }));
    await age(first.id, 30);
    await age(second.id, 30);

    // Not older than a cut-off two days back: kept for now.
    expect(await sweepOrphanUploads({ olderThan: new Date(Date.now() - 48 * HOUR) })).toBe(0);
    expect(await rowIds()).toEqual([first.id, second.id].sort());

    expect(await sweepOrphanUploads()).toBe(1);
    expect(await rowIds()).toEqual([second.id]);
    expect(storedFiles().every((key) => key.startsWith(`images/${second.id}/`))).toBe(true);
  });

  it("matches an id in a body literally: '_' in an id is no wildcard", async () => {
    // Ids are base64url, so some contain '_'; a row written here to choose one.
    const id = "sweep_test_id_0000000A";
    await getDb().insert(upload).values({ id, kind: "image", width: 1, height: 1, variants: [], createdAt: new Date(Date.now() - 25 * HOUR) });
    // Differs only where the id has '_': a LIKE pattern built from the id would match it.
    await createArticle(trainer, articleInput({ content: "![x](/uploads/images/sweepXtestXidX0000000A/960.webp)" }));
    expect(await sweepOrphanUploads()).toBe(1);
    expect(await uploadRows()).toEqual([]);
  });

  it("keeps the row when a file cannot be removed, and removes it on a later run", async () => {
    const image = await storeImage(trainer, await photo());
    await age(image.id, 25);
    const keys = await keysOf(image.id);
    // A directory where a file should be: local storage's delete refuses it (EISDIR), as a
    // disk that fails would; no code of ours is replaced.
    const stuck = dataPath("uploads", ...keys[0]!.split("/"));
    fs.rmSync(stuck);
    fs.mkdirSync(stuck);
    fs.writeFileSync(path.join(stuck, "keep"), "x");

    expect(await sweepOrphanUploads()).toBe(0);
    expect(await rowIds()).toEqual([image.id]);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.action, "upload.deleted"))).toEqual([]);

    fs.rmSync(stuck, { recursive: true });
    expect(await sweepOrphanUploads()).toBe(1);
    expect(await uploadRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("one upload's storage failure does not stop the others", async () => {
    const stuckImage = await storeImage(trainer, await photo());
    const other = await storeImage(trainer, await photo(300, 300));
    // The stuck one is older, so it is tried first.
    await age(stuckImage.id, 30);
    await age(other.id, 25);
    const stuck = dataPath("uploads", ...(await keysOf(stuckImage.id))[0]!.split("/"));
    fs.rmSync(stuck);
    fs.mkdirSync(stuck);
    fs.writeFileSync(path.join(stuck, "keep"), "x");

    expect(await sweepOrphanUploads()).toBe(1);
    expect(await rowIds()).toEqual([stuckImage.id]);
    expect(storedFiles().some((key) => key.startsWith(`images/${other.id}/`))).toBe(false);
  });

  it("removes the objects from an S3 bucket, and keeps the row while the bucket cannot be reached", async () => {
    const s3 = await startS3Server();
    let running = true;
    try {
      resetStorage(new S3FileStorage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, credentials: S3_TEST_CREDENTIALS }));
      const gone = await storeImage(trainer, await photo());
      const kept = await storeImage(trainer, await photo(400, 400));
      await age(gone.id, 25);
      await age(kept.id, 25);
      await createArticle(trainer, articleInput({ imageId: kept.id }));
      const goneKeys = await keysOf(gone.id);
      const keptKeys = await keysOf(kept.id);

      expect(await sweepOrphanUploads()).toBe(1);
      for (const key of goneKeys) expect(await getStorage().get(key)).toBeNull();
      const still = await getStorage().get(keptKeys[0]!);
      expect(still).not.toBeNull();
      still!.body.destroy();

      const unreachable = await storeImage(trainer, await photo(200, 200));
      await age(unreachable.id, 25);
      await s3.stop();
      running = false;
      expect(await sweepOrphanUploads()).toBe(0);
      expect(await rowIds()).toEqual([kept.id, unreachable.id].sort());
    } finally {
      if (running) await s3.stop();
    }
  });
});

describe("the hourly sweep on the job store", () => {
  const sweeps = async (now: Date) => (await runDueJobs({ now })).filter((o) => o.kind === sweepUploadsJob.kind).map((o) => o.status);

  it("runs at each full hour, not at start-up, and removes what is a day old by then", async () => {
    await getDb().delete(job);
    const forgotten = await storeImage(trainer, await photo(300, 200));
    await age(forgotten.id, 22);
    const start = new Date();
    const nextHour = await everyHour.next(start);
    expect(await sweeps(start)).toEqual([]);
    // At the next hour it is not a day old yet; two hours later it is.
    expect(await sweeps(nextHour)).toEqual(["done"]);
    expect(await rowIds()).toEqual([forgotten.id]);
    expect(await sweeps(new Date(nextHour.getTime() + 2 * HOUR))).toEqual(["done"]);
    expect(await rowIds()).toEqual([]);
  });
});
