import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { nutritionDocument } from "~/db/schema/documents";
import { storeDocumentFile } from "~/modules/uploads/documents.server";
import { storedFiles, wipeUploads } from "~/modules/uploads/uploads.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { ZodError } from "zod";
import { fieldErrors } from "~/lib/form";
import { addDocument, listManagedDocuments, removeDocument } from "./documents-manager.server";
import { NUTRITION_MESSAGES } from "./nutrition.schema";
import { FILE_NOT_FOUND } from "./nutrition.server";
import { tinyPdf } from "./nutrition.test-support";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
let trainer: Actor;
let member: Actor;

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

describe("addDocument and removeDocument", () => {
  it("creates a link document and answers with the success toast", async () => {
    expect(await addDocument(trainer, createFields())).toEqual({
      toast: { title: "Document added successfully", description: '"Protein guide" is now available to members.' },
    });
    expect(await documents()).toEqual([expect.objectContaining({ title: "Protein guide", url: "https://guides.example.com/protein", authorId: trainer.id })]);
  });

  it("creates a PDF document from an uploaded file's id", async () => {
    const file = await storeDocumentFile(trainer, tinyPdf(), "Oats.pdf");
    await addDocument(trainer, { ...createFields({ category: "recipes", type: "pdf", url: "" }), uploadId: file.uploadId });
    expect(await documents()).toEqual([expect.objectContaining({ uploadId: file.uploadId, fileName: "Oats.pdf", url: null, category: "recipes" })]);
  });

  it("refuses bad input with the schema's field messages or a 400 AppError, and writes nothing", async () => {
    const invalid = await addDocument(trainer, createFields({ title: "", url: "not a link" })).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ZodError);
    expect(fieldErrors(invalid as ZodError)).toEqual({ title: NUTRITION_MESSAGES.titleRequired, url: NUTRITION_MESSAGES.url });
    const noSource = await addDocument(trainer, createFields({ url: "" })).catch((error: unknown) => error);
    expect(fieldErrors(noSource as ZodError)).toEqual({ source: NUTRITION_MESSAGES.sourceMissing });
    await expect(addDocument(trainer, createFields({ url: "", type: "pdf", uploadId: "gone" }))).rejects.toMatchObject({ status: 400, message: FILE_NOT_FOUND });
    expect(await documents()).toEqual([]);
  });

  it("refuses members with 403 for both and changes nothing", async () => {
    await addDocument(trainer, createFields());
    const [doc] = await documents();
    await expect(addDocument(member, createFields({ title: "Sneaky" }))).rejects.toMatchObject({ status: 403 });
    await expect(removeDocument(member, doc!.id)).rejects.toMatchObject({ status: 403 });
    expect((await documents()).map((d) => d.title)).toEqual(["Protein guide"]);
  });

  it("deletes a document with its file; an unknown or missing id is 404", async () => {
    const file = await storeDocumentFile(trainer, tinyPdf(), "Oats.pdf");
    await addDocument(trainer, { ...createFields({ type: "pdf", url: "" }), uploadId: file.uploadId });
    const [doc] = await documents();
    expect(await removeDocument(trainer, doc!.id)).toEqual({ toast: { title: "Document deleted successfully", description: "Members no longer see it." } });
    expect(await documents()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    await expect(removeDocument(trainer, doc!.id)).rejects.toMatchObject({ status: 404, message: "Document not found" });
    await expect(removeDocument(trainer, "")).rejects.toMatchObject({ status: 404 });
  });
});

describe("listManagedDocuments", () => {
  it("lists every document for staff with a display date, and refuses members", async () => {
    await addDocument(trainer, createFields());
    const { documents: listed } = await listManagedDocuments(trainer);
    expect(listed).toEqual([expect.objectContaining({ title: "Protein guide", category: "education", isFile: false, date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/) })]);
    await expect(listManagedDocuments(member)).rejects.toMatchObject({ status: 403 });
  });
});
