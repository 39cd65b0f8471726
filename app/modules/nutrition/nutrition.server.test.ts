import { text } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { nutritionDocument } from "~/db/schema/documents";
import { storeDocumentFile } from "~/modules/uploads/documents.server";
import { storeImage } from "~/modules/uploads/uploads.server";
import { storedFiles, uploadRows, wipeUploads } from "~/modules/uploads/uploads.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { NUTRITION_MESSAGES } from "./nutrition.schema";
import {
  createDocument,
  deleteDocument,
  DOCUMENT_NOT_FOUND,
  FILE_IN_USE,
  FILE_NOT_FOUND,
  listAllDocumentsForStaff,
  listDocuments,
  openDocument,
  SIGN_IN_TO_OPEN,
} from "./nutrition.server";
import { tinyPdf } from "./nutrition.test-support";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
let trainer: Actor;
let admin: Actor;
let member: Actor;

async function refusal(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
  return 0;
}

async function zodMessages(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ZodError);
  return (error as ZodError).issues.map((i) => i.message);
}

const link = (extra: Record<string, unknown> = {}) => ({
  title: "Hydration basics",
  description: "How much to drink",
  category: "education",
  type: "video",
  url: "https://videos.example.com/hydration",
  ...extra,
});

async function pdfDocument(actor: Actor, extra: Record<string, unknown> = {}) {
  const file = await storeDocumentFile(actor, tinyPdf("Fat loss week 1"), "Fat Loss Plan.pdf");
  const doc = await createDocument(actor, { title: "Fat loss plan", description: "Week one", category: "meal-plans", type: "pdf", uploadId: file.uploadId, ...extra });
  return { file, doc };
}

const documents = () => getDb().select().from(nutritionDocument);
const addedMinutesAgo = async (minutesById: Record<string, number>) => {
  for (const [id, minutes] of Object.entries(minutesById)) {
    await getDb().update(nutritionDocument).set({ createdAt: new Date(Date.now() - minutes * 60_000) }).where(eq(nutritionDocument.id, id));
  }
};
const audits = (action: string) => getDb().select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  const make = async (email: string, role: Actor["role"]) => {
    const u = await createUserWithPassword({ email, name: email.split("@")[0]!, role, password: "a-long-password-1" });
    return { id: u.id, email, role };
  };
  trainer = await make("trainer@nutrition.test", "trainer");
  admin = await make("admin@nutrition.test", "admin");
  member = await make("member@nutrition.test", "member");
});

beforeEach(async () => {
  await getDb().delete(nutritionDocument);
  await wipeUploads();
  await getDb().delete(auditLog);
});

describe("publishing documents (staff)", () => {
  it("creates a PDF document and a link document that members list by category, newest first", async () => {
    const { doc: pdf } = await pdfDocument(trainer);
    const video = await createDocument(admin, link());
    const recipe = await createDocument(trainer, link({ title: "Overnight oats", category: "recipes", type: "other", url: "http://recipes.example.com/oats" }));
    // Added a minute apart, as a coach adds them: three inserts in a row can share a millisecond.
    await addedMinutesAgo({ [pdf.id]: 3, [video.id]: 2, [recipe.id]: 1 });

    expect(pdf).toMatchObject({ title: "Fat loss plan", category: "meal-plans", type: "pdf", isFile: true, fileName: "Fat-Loss-Plan.pdf", href: `/documents/${pdf.id}` });
    expect(video).toMatchObject({ isFile: false, fileName: null, href: "https://videos.example.com/hydration" });

    expect((await listDocuments(member, { category: "meal-plans" })).map((d) => d.title)).toEqual(["Fat loss plan"]);
    expect((await listDocuments(member, { category: "recipes" })).map((d) => d.id)).toEqual([recipe.id]);
    expect((await listDocuments(member)).map((d) => d.title)).toEqual(["Overnight oats", "Hydration basics", "Fat loss plan"]);
    expect((await listDocuments(member, { limit: 2 })).length).toBe(2);
    expect((await listAllDocumentsForStaff(admin)).map((d) => d.id)).toEqual([recipe.id, video.id, pdf.id]);
  });

  it("records who added and who deleted a document in the audit log", async () => {
    const video = await createDocument(trainer, link());
    const [added] = await audits("content.created");
    expect(added).toMatchObject({ actorId: trainer.id, targetType: "nutrition_document", targetId: video.id, summary: 'Nutrition document "Hydration basics" added to Education' });
    expect(await deleteDocument(admin, video.id)).toBe(true);
    const [deleted] = await audits("content.deleted");
    expect(deleted).toMatchObject({ actorId: admin.id, targetType: "nutrition_document", targetId: video.id, summary: 'Nutrition document "Hydration basics" deleted' });
  });

  it("deletes the stored PDF and its uploads row together with the document", async () => {
    const { doc, file } = await pdfDocument(trainer);
    expect(storedFiles()).toEqual([`documents/${file.uploadId}/Fat-Loss-Plan.pdf`]);
    expect(await deleteDocument(trainer, doc.id)).toBe(true);
    expect(await documents()).toEqual([]);
    expect(await uploadRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await deleteDocument(trainer, doc.id)).toBe(false);
  });

  it("refuses members every staff action and changes nothing", async () => {
    const video = await createDocument(trainer, link());
    expect(await refusal(createDocument(member, link({ title: "Sneaky" })))).toBe(403);
    expect(await refusal(deleteDocument(member, video.id))).toBe(403);
    expect(await refusal(listAllDocumentsForStaff(member))).toBe(403);
    expect(await refusal(storeDocumentFile(member, tinyPdf(), "x.pdf"))).toBe(403);
    expect((await documents()).map((d) => d.title)).toEqual(["Hydration basics"]);
    expect(await uploadRows()).toEqual([]);
  });
});

describe("exactly one source: an uploaded PDF or a link", () => {
  it("refuses neither, both, a link that is not http(s), and a file typed as a video, writing nothing", async () => {
    const file = await storeDocumentFile(trainer, tinyPdf(), "plan.pdf");
    expect(await zodMessages(createDocument(trainer, link({ url: "" })))).toEqual([NUTRITION_MESSAGES.sourceMissing]);
    expect(await zodMessages(createDocument(trainer, link({ uploadId: file.uploadId, type: "pdf" })))).toEqual([NUTRITION_MESSAGES.sourceBoth]);
    expect(await zodMessages(createDocument(trainer, link({ url: "javascript:alert(1)" })))).toEqual([NUTRITION_MESSAGES.url]);
    expect(await zodMessages(createDocument(trainer, link({ url: "ftp://files.example.com/a.pdf" })))).toEqual([NUTRITION_MESSAGES.url]);
    expect(await zodMessages(createDocument(trainer, link({ url: "", uploadId: file.uploadId, type: "video" })))).toEqual([NUTRITION_MESSAGES.fileIsPdf]);
    expect(await zodMessages(createDocument(trainer, link({ title: "  ", category: "snacks", type: "audio" })))).toEqual(
      expect.arrayContaining([NUTRITION_MESSAGES.titleRequired, NUTRITION_MESSAGES.category, NUTRITION_MESSAGES.type]),
    );
    expect(await documents()).toEqual([]);
    expect(await audits("content.created")).toEqual([]);
  });

  it("refuses an upload id that is unknown, an image, or already used by another document", async () => {
    const image = await storeImage(trainer, await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } }).png().toBuffer());
    const asPdf = (uploadId: string) => ({ title: "Plan", category: "meal-plans", type: "pdf", uploadId });
    await expect(createDocument(trainer, asPdf("no-such-upload"))).rejects.toMatchObject({ status: 400, message: FILE_NOT_FOUND });
    await expect(createDocument(trainer, asPdf(image.id))).rejects.toMatchObject({ status: 400, message: FILE_NOT_FOUND });
    const { file } = await pdfDocument(trainer);
    await expect(createDocument(trainer, asPdf(file.uploadId))).rejects.toMatchObject({ status: 400, message: FILE_IN_USE });
    expect((await documents()).length).toBe(1);
  });
});

describe("who may read documents", () => {
  it("gives a visitor no list, even when documents exist", async () => {
    await createDocument(trainer, link());
    expect(await listDocuments(null)).toEqual([]);
    expect(await listDocuments(null, { category: "education" })).toEqual([]);
  });

  it("refuses a visitor opening a document before looking at it", async () => {
    const { doc } = await pdfDocument(trainer);
    await expect(openDocument(null, doc.id)).rejects.toMatchObject({ status: 401, message: SIGN_IN_TO_OPEN });
    await expect(openDocument(null, "unknown")).rejects.toMatchObject({ status: 401 });
  });

  it("opens a stored PDF as a stream and a link as its address for a member; unknown ids are 404", async () => {
    const { doc } = await pdfDocument(trainer);
    const opened = await openDocument(member, doc.id);
    if (opened.kind !== "file") throw new Error("expected a file");
    expect(opened).toMatchObject({ contentType: "application/pdf", fileName: "Fat-Loss-Plan.pdf", bytes: tinyPdf("Fat loss week 1").length });
    const body = await text(opened.body);
    expect(body.startsWith("%PDF-1.4")).toBe(true);
    expect(body).toContain("(Fat loss week 1) Tj");

    const video = await createDocument(trainer, link());
    expect(await openDocument(member, video.id)).toEqual({ kind: "link", url: "https://videos.example.com/hydration" });
    await expect(openDocument(member, "no-such-document")).rejects.toMatchObject({ status: 404, message: DOCUMENT_NOT_FOUND });
  });

  it("answers 404 when a document's file has gone from storage", async () => {
    const { doc } = await pdfDocument(trainer);
    await wipeUploads();
    await expect(openDocument(member, doc.id)).rejects.toMatchObject({ status: 404 });
  });
});
