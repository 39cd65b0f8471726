import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { tinyPdf } from "~/modules/nutrition/nutrition.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { DOCUMENT_MESSAGES, isPdf, MAX_DOCUMENT_BYTES, sanitiseFileName, storeDocumentFile } from "./documents.server";
import { isServableKey } from "./serve-upload.server";
import { AppError } from "~/lib/app-error";
import { storedFiles, uploadRows, wipeUploads } from "./uploads.test-support";

const trainer = { id: "", email: "trainer@documents.test", role: "trainer" as const };

beforeAll(async () => {
  trainer.id = (await createUserWithPassword({ email: trainer.email, name: "Terry", role: "trainer", password: "a-long-password-1" })).id;
});

beforeEach(async () => {
  await wipeUploads();
  await getDb().delete(auditLog);
});

async function expectNothingStored() {
  expect(await uploadRows()).toEqual([]);
  expect(storedFiles()).toEqual([]);
}

describe("storing a PDF", () => {
  it("keeps the bytes under documents/{random id}/{sanitised name}.pdf with one uploads row and an audit entry", async () => {
    const pdf = tinyPdf();
    const stored = await storeDocumentFile(trainer, pdf, "~/Week 1: Fat-Loss Plan (v2).PDF");
    expect(stored.fileName).toBe("Week-1-Fat-Loss-Plan-v2.pdf");
    expect(stored.uploadId).toMatch(/^[\w-]{22}$/);
    const key = `documents/${stored.uploadId}/Week-1-Fat-Loss-Plan-v2.pdf`;
    expect(storedFiles()).toEqual([key]);
    const [row] = await uploadRows();
    expect(row).toMatchObject({ id: stored.uploadId, kind: "document", createdById: trainer.id });
    expect(row!.variants).toEqual([{ key, format: "pdf", contentType: "application/pdf", width: 0, height: 0, bytes: pdf.length }]);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "upload.created"));
    expect(audit?.summary).toBe("PDF uploaded (Week-1-Fat-Loss-Plan-v2.pdf, 1 KB)");
    // The random id, not the name, makes the key: the same file twice is two uploads.
    const again = await storeDocumentFile(trainer, pdf, "~/Week 1: Fat-Loss Plan (v2).PDF");
    expect(again.uploadId).not.toBe(stored.uploadId);
  });

  it("decides by the bytes: a text file named .pdf is refused and nothing is stored", async () => {
    const error = await storeDocumentFile(trainer, Buffer.from("Just some notes, not a PDF"), "notes.pdf").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 415, message: DOCUMENT_MESSAGES.notAPdf });
    expect(error).toBeInstanceOf(AppError);
    await expect(storeDocumentFile(trainer, Buffer.from("<html><script>alert(1)</script>%PDF-"), "page.pdf")).rejects.toMatchObject({ status: 415 });
    await expect(storeDocumentFile(trainer, Buffer.alloc(0), "empty.pdf")).rejects.toMatchObject({ status: 422, message: DOCUMENT_MESSAGES.empty });
    await expectNothingStored();
  });

  it("refuses more than 20 MB and stores nothing", async () => {
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    await expect(storeDocumentFile(trainer, big, "big.pdf")).rejects.toMatchObject({ status: 413, message: DOCUMENT_MESSAGES.tooManyBytes });
    await expectNothingStored();
  });

  it("recognises PDFs by their magic bytes only", () => {
    expect(isPdf(tinyPdf())).toBe(true);
    expect(isPdf(Buffer.from("%PDF"))).toBe(false);
    expect(isPdf(Buffer.from(" %PDF-1.7"))).toBe(false);
  });

  it("sanitises display names into safe key segments", () => {
    expect(sanitiseFileName("Protein Guide.pdf")).toBe("Protein-Guide.pdf");
    expect(sanitiseFileName("C:\\Users\\me\\Crème brûlée.pdf")).toBe("Creme-brulee.pdf");
    expect(sanitiseFileName("..")).toBe("document.pdf");
    expect(sanitiseFileName(null)).toBe("document.pdf");
    expect(sanitiseFileName('a"b;c\r\nd.pdf')).toBe("a-b-c-d.pdf");
    expect(sanitiseFileName(`${"x".repeat(300)}.pdf`)).toBe(`${"x".repeat(80)}.pdf`);
  });

  it("is never served by /uploads: only images/… keys are public", async () => {
    const stored = await storeDocumentFile(trainer, tinyPdf(), "plan.pdf");
    expect(isServableKey(`documents/${stored.uploadId}/plan.pdf`)).toBe(false);
  });
});
