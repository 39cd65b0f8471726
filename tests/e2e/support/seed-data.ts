/**
 * The data the browser tests find before the server starts, written through the modules'
 * own code. Run inside withDatabase by seed-shared.ts (the shared server) or seed-users.ts
 * (isolated servers).
 */
import { todayIn } from "~/lib/time-zone";
import { createArticle } from "~/modules/articles/articles.server";
import { createDocument } from "~/modules/nutrition/nutrition.server";
import { tinyPdf } from "~/modules/nutrition/nutrition.test-support";
import { storeDocumentFile } from "~/modules/uploads/documents.server";
import { addDays } from "~/lib/time-zone";
import { logWorkout } from "~/modules/progress/progress-entries.server";
import { completeOwnProfile } from "~/modules/users/profile.server";
import { createUserWithPassword, findUserByEmail } from "~/modules/users/users.server";
import { fixtureArticles } from "./fixture-articles";
import { hashEachPasswordOnce } from "./hash-once";
import { fixtureNutrition } from "./fixture-nutrition";
import { PASSWORD, users } from "./users";
import { DEFAULT_WEIGHT_UNIT } from "~/lib/units";
import { seedTraining } from "../../../scripts/seed-demo-training";

/** Every fixture account; the complete ones with a finished profile. */
export async function seedUsers() {
  await hashEachPasswordOnce();
  for (const u of Object.values(users)) {
    const created = await createUserWithPassword({ email: u.email, password: PASSWORD, name: u.name, role: u.role });
    if (u.complete) {
      await completeOwnProfile(created, {
        fullName: u.name,
        location: "Manchester",
        interests: "Strength training",
        experience: "Two years in the gym",
        goals: "Get stronger",
      });
    }
  }
}

async function trainer() {
  const found = await findUserByEmail(users.trainer.email);
  if (!found) throw new Error("Seed the users first: the trainer writes the fixture content");
  return { id: found.id, email: found.email, role: "trainer" as const };
}

/** The fixture articles the browser tests read. */
export async function seedArticles() {
  const actor = await trainer();
  for (const { title, excerpt, content, category, membersOnly } of Object.values(fixtureArticles)) {
    await createArticle(actor, { title, excerpt, content, category, membersOnly, imageId: null, readTime: 4, published: true });
  }
}

/** A PDF document in Meal Plans and a link document in Education; Recipes stays empty. */
export async function seedNutrition() {
  const actor = await trainer();
  const { pdf, link } = fixtureNutrition;
  const file = await storeDocumentFile(actor, tinyPdf(pdf.pdfText), pdf.fileName);
  await createDocument(actor, { title: pdf.title, description: pdf.description, category: pdf.category, type: pdf.type, uploadId: file.uploadId });
  await createDocument(actor, { title: link.title, description: link.description, category: link.category, type: link.type, url: link.url });
}

/** A few exercises of the library for the program builder (written as the built-in ones are: id = slug). */
/**
 * The coached member's training, as seed:demo writes the demo member's: a four-week program
 * from the Monday three weeks ago, its past days trained but two, and one coach comment.
 */
export async function seedCoaching() {
  const coach = await findUserByEmail(users.trainer.email);
  const member = await findUserByEmail(users.coached.email);
  if (!coach || !member) throw new Error("Seed the users first: the trainer assigns the coached member's program");
  await seedTraining({ id: coach.id, email: coach.email, name: coach.name, role: "trainer" }, { id: member.id, email: member.email, name: member.name, role: "member" }, todayIn("Europe/London"), "Europe/London");
}

/** The athlete's bench press of two weeks ago, logged with the progress form: the coaching loop's workout beats it. */
export async function seedAthlete() {
  const athlete = await findUserByEmail(users.athlete.email);
  if (!athlete) throw new Error("Seed the users first");
  // The athlete never chose a unit: pounds, as their sign-in would carry.
  await logWorkout({ id: athlete.id, role: "member", weightUnit: DEFAULT_WEIGHT_UNIT }, { exercise: "bench_press", sets: "3", reps: "8", weight: "135", date: addDays(todayIn("Europe/London"), -14), notes: "" });
}
