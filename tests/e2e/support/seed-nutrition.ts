/** Run by the e2e global set-up with tsx, after the users: a PDF document and a link document for the nutrition tests. */
import { withDatabase } from "../../../scripts/cli";
import { createDocument } from "~/modules/nutrition/nutrition.server";
import { tinyPdf } from "~/modules/nutrition/nutrition.test-support";
import { storeDocumentFile } from "~/modules/uploads/documents.server";
import { findUserByEmail } from "~/modules/users/users.server";
import { fixtureNutrition } from "./fixture-nutrition";
import { users } from "./users";

await withDatabase(async () => {
  const trainer = await findUserByEmail(users.trainer.email);
  if (!trainer) throw new Error("Seed the users first: the trainer publishes the nutrition documents");
  const actor = { id: trainer.id, email: trainer.email, role: "trainer" as const };
  const { pdf, link } = fixtureNutrition;
  const file = await storeDocumentFile(actor, tinyPdf(pdf.pdfText), pdf.fileName);
  await createDocument(actor, { title: pdf.title, description: pdf.description, category: pdf.category, type: pdf.type, uploadId: file.uploadId });
  await createDocument(actor, { title: link.title, description: link.description, category: link.category, type: link.type, url: link.url });
});
