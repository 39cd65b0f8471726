import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { nutritionDocument } from "~/db/schema/documents";
import { storeDocumentFile } from "~/modules/uploads/documents.server";
import { storedFiles, wipeUploads } from "~/modules/uploads/uploads.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { handleDocumentsAction, isDocumentsIntent, loadDocumentsManager } from "./documents-manager.server";
import { NUTRITION_MESSAGES } from "./nutrition.schema";
import { FILE_NOT_FOUND } from "./nutrition.server";
import { tinyPdf } from "./nutrition.test-support";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
let trainer: Actor;
let member: Actor;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const createFields = (extra: Record<string, string> = {}) => ({
  intent: "create-document",
  title: "Protein guide",
  description: "Grams per kilo",
  category: "education",
  type: "other",
  url: "https://guides.example.com/protein",
  ...extra,
});

const documents = () => getDb().select().from(nutritionDocument);

beforeAll(async () => {
  const make = async (email: string, role: Actor["role"]) => ({
    id: (await createUserWithPassword({ email, name: email, role, password: "a-long-password-1" })).id,
    email,
    role,
  });
  trainer = await make("trainer@manager.test", "trainer");
  member = await make("member@manager.test", "member");
});

beforeEach(async () => {
  await getDb().delete(nutritionDocument);
  await wipeUploads();
});

describe("handleDocumentsAction", () => {
  it("creates a link document from a form and answers with the success toast", async () => {
    const result = await handleDocumentsAction(trainer, form(createFields()));
    expect(result).toEqual({
      ok: true,
      intent: "create-document",
      toast: { title: "Document added successfully", description: '"Protein guide" is now available to members.' },
    });
    expect(await documents()).toEqual([expect.objectContaining({ title: "Protein guide", url: "https://guides.example.com/protein", authorId: trainer.id })]);
  });

  it("creates a PDF document from an uploaded file's id (a plain object body works too)", async () => {
    const file = await storeDocumentFile(trainer, tinyPdf(), "Oats.pdf");
    const result = await handleDocumentsAction(trainer, { ...createFields({ category: "recipes", type: "pdf", url: "" }), uploadId: file.uploadId });
    expect(result.ok).toBe(true);
    expect(await documents()).toEqual([expect.objectContaining({ uploadId: file.uploadId, fileName: "Oats.pdf", url: null, category: "recipes" })]);
  });

  it("answers bad input with 400 and field messages instead of throwing, and writes nothing", async () => {
    expect(await handleDocumentsAction(trainer, form(createFields({ title: "", url: "not a link" })))).toEqual({
      ok: false,
      intent: "create-document",
      status: 400,
      fieldErrors: { title: NUTRITION_MESSAGES.titleRequired, url: NUTRITION_MESSAGES.url },
      message: "Please check the highlighted fields.",
    });
    expect(await handleDocumentsAction(trainer, form(createFields({ url: "not a link" })))).toMatchObject({ status: 400, fieldErrors: { url: NUTRITION_MESSAGES.url } });
    expect(await handleDocumentsAction(trainer, form(createFields({ url: "" })))).toMatchObject({ status: 400, fieldErrors: { source: NUTRITION_MESSAGES.sourceMissing } });
    expect(await handleDocumentsAction(trainer, form(createFields({ url: "", type: "pdf", uploadId: "gone" })))).toEqual({
      ok: false,
      intent: "create-document",
      status: 400,
      message: FILE_NOT_FOUND,
    });
    expect(await handleDocumentsAction(trainer, form({ intent: "launch-rockets" }))).toMatchObject({ ok: false, status: 400, message: "Unknown action" });
    expect(await documents()).toEqual([]);
  });

  it("refuses members with 403 for both intents and changes nothing", async () => {
    await handleDocumentsAction(trainer, form(createFields()));
    const [doc] = await documents();
    expect(await handleDocumentsAction(member, form(createFields({ title: "Sneaky" })))).toMatchObject({ ok: false, status: 403 });
    expect(await handleDocumentsAction(member, form({ intent: "delete-document", id: doc!.id }))).toMatchObject({ ok: false, status: 403 });
    expect((await documents()).map((d) => d.title)).toEqual(["Protein guide"]);
  });

  it("deletes a document with its file; an unknown id is 404", async () => {
    const file = await storeDocumentFile(trainer, tinyPdf(), "Oats.pdf");
    await handleDocumentsAction(trainer, { ...createFields({ type: "pdf", url: "" }), uploadId: file.uploadId });
    const [doc] = await documents();
    expect(await handleDocumentsAction(trainer, form({ intent: "delete-document", id: doc!.id }))).toEqual({
      ok: true,
      intent: "delete-document",
      toast: { title: "Document deleted successfully", description: "Members no longer see it." },
    });
    expect(await documents()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await handleDocumentsAction(trainer, form({ intent: "delete-document", id: doc!.id }))).toMatchObject({ ok: false, status: 404, message: "Document not found" });
    expect(await handleDocumentsAction(trainer, form({ intent: "delete-document" }))).toMatchObject({ ok: false, status: 404 });
  });

  it("tells a page's action which intents are its own", () => {
    expect(isDocumentsIntent("create-document")).toBe(true);
    expect(isDocumentsIntent("delete-document")).toBe(true);
    expect(isDocumentsIntent("create")).toBe(false);
  });
});

describe("loadDocumentsManager", () => {
  it("lists every document for staff with a display date, and refuses members", async () => {
    await handleDocumentsAction(trainer, form(createFields()));
    const { documents: listed } = await loadDocumentsManager(trainer);
    expect(listed).toEqual([expect.objectContaining({ title: "Protein guide", category: "education", isFile: false, date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/) })]);
    await expect(loadDocumentsManager(member)).rejects.toMatchObject({ init: { status: 403 } });
  });
});
