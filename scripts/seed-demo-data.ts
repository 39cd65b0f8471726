/**
 * seed:demo's content: sample accounts and content to explore the site with: articles,
 * content manager items, a nutrition document, training sessions, a demo member's
 * progress, and a training program assigned to them with a few weeks of finished
 * workouts and a coach's comment (seed-demo-training.ts), weekly check-ins with photos
 * (seed-demo-check-ins.ts), a conversation with the coach, and the weekly Online Coaching
 * package by direct debit with four weeks paid and this week's payment failed
 * (seed-demo-billing.ts). Idempotent:
 * each part is added only when the demo accounts have none of it yet.
 */
import { addDays, todayIn } from "~/lib/time-zone";
import { countArticles, createArticle } from "~/modules/articles/articles.server";
import { countContentItems, createContent } from "~/modules/library/library.server";
import { lastSeqOf, postMessage } from "~/modules/messages/messages.server";
import { createDocument, listAllDocumentsForStaff } from "~/modules/nutrition/nutrition.server";
import { tinyPdf } from "~/modules/nutrition/nutrition.test-support";
import { logBodyComposition, logMeasurements, logWorkout } from "~/modules/progress/progress-entries.server";
import { setGoal } from "~/modules/progress/progress-goals.server";
import { getProgressSnapshot } from "~/modules/progress/progress-overview.server";
import { countTrainingSessions, createTrainingSession } from "~/modules/training-sessions/training-sessions.server";
import { storeDocumentFile } from "~/modules/uploads/documents.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { completeOwnProfile } from "~/modules/users/profile.server";
import { DEFAULT_WEIGHT_UNIT } from "~/lib/units";
import { createUserWithPassword, findUserByEmail } from "~/modules/users/users.server";
import { hasBilling, seedBilling } from "./seed-demo-billing";
import { hasCheckIns, seedCheckIns } from "./seed-demo-check-ins";
import { hasClassBookings, seedClassBookings } from "./seed-demo-classes";
import { hasProgram, seedTraining } from "./seed-demo-training";

const DEMO_PASSWORD = "relentless-demo";

const accounts = [
  { email: "trainer@demo.relentless", name: "Taylor Trainer", role: "trainer" as const },
  { email: "member@demo.relentless", name: "Morgan Member", role: "member" as const },
];

const articles = [
  {
    title: "Five Rules for Your First Month of Strength Training",
    excerpt: "Start lighter than you think, write everything down and sleep more than you want to.",
    category: "Training" as const,
    membersOnly: false,
    content: `## Start lighter than you think\n\nThe first four weeks are for learning the movements. Pick weights you could lift for two or three more reps than you do.\n\n## Write it down\n\nLog every set: exercise, weight, reps. Progress you can see keeps you coming back.\n\n## Add a little each week\n\n- 2.5 kg on squats and deadlifts\n- 1-2.5 kg on presses\n\n## Rest between sets\n\nTwo to three minutes on the big lifts is not laziness, it is how you keep the quality high.\n\n## Sleep\n\nStrength is built while you recover. Aim for seven to nine hours.`,
  },
  {
    title: "Protein Without the Fuss",
    excerpt: "How much you need, and easy ways to get it at every meal.",
    category: "Nutrition" as const,
    membersOnly: false,
    content: `Most active adults do well on **1.6 to 2.2 g of protein per kg** of body weight a day.\n\n1. Build each meal around a protein source.\n2. Keep easy options at hand: Greek yoghurt, eggs, tinned fish, lentils.\n3. Spread it over three or four meals.`,
  },
  {
    title: "The Ten-Minute Mobility Routine",
    excerpt: "The routine we use before every session, step by step.",
    category: "Recovery" as const,
    membersOnly: true,
    content: `Do each drill for one minute:\n\n1. Cat-cow\n2. World's greatest stretch, each side\n3. Hip airplanes\n4. Couch stretch, each side\n5. Thoracic rotations\n6. Deep squat hold\n7. Band pull-aparts\n8. Dead hang`,
  },
  {
    title: "Setting Goals You Will Keep",
    excerpt: "Turn 'get fit' into a plan you can measure.",
    category: "Mindset" as const,
    membersOnly: true,
    content: `A goal you can keep has a **number**, a **date** and a **first step**.\n\n> Deadlift 100 kg by June; this week: three sessions, technique first.\n\nWrite yours under *Progress → Set Goal* in the member area.`,
  },
];

const contentItems = [
  {
    type: "video" as const,
    title: "Hip Hinge Basics",
    description: "Learn the movement behind deadlifts and kettlebell swings.",
    videoUrl: "https://www.youtube.com/watch?v=example",
    duration: "8:45",
    category: "Technique" as const,
    membersOnly: true,
    imageId: null,
  },
  {
    type: "meal_plan" as const,
    title: "Four-Week Lean Start",
    description: "Simple meals with a moderate calorie deficit.",
    caloriesPerDay: "1900",
    durationWeeks: "4",
    ingredients: "Oats\nGreek yoghurt\nChicken breast\nRice\nFrozen vegetables\nEggs",
    instructions: "Breakfast: oats with yoghurt.\nLunch: chicken, rice and vegetables.\nDinner: eggs and vegetables.",
    category: "Weight Loss" as const,
    difficulty: "Beginner" as const,
    membersOnly: true,
    imageId: null,
  },
  {
    type: "schedule" as const,
    title: "Three-Day Full Body",
    description: "Three full-body sessions a week for the first twelve weeks.",
    durationWeeks: "12",
    workoutsPerWeek: "3",
    schedule: "Monday: squat, bench press, row\nWednesday: deadlift, overhead press, pull-ups\nFriday: squat, bench press, row",
    equipmentNeeded: "Barbell, rack, bench, pull-up bar",
    notes: "",
    category: "Strength Training" as const,
    difficulty: "Beginner" as const,
    membersOnly: true,
    imageId: null,
  },
];

/** Fills the demo accounts and content (each part only when missing), saying what it did through `log`. */
export async function seedDemo(log: (line: string) => void = console.log): Promise<void> {
  for (const account of accounts) {
    if (await findUserByEmail(account.email)) {
      log(`exists   ${account.role.padEnd(7)} ${account.email}`);
      continue;
    }
    const user = await createUserWithPassword({ ...account, password: DEMO_PASSWORD });
    await completeOwnProfile(user, {
      fullName: account.name,
      location: "Manchester",
      interests: "Strength training, running",
      experience: "A year of regular gym sessions",
      goals: "Lose 5 kg and deadlift 100 kg",
    });
    log(`created  ${account.role.padEnd(7)} ${account.email}`);
  }
  const trainer = await findUserByEmail(accounts[0]!.email);
  const member = await findUserByEmail(accounts[1]!.email);
  if (!trainer || !member) throw new Error("The demo accounts are missing");
  const staff = { id: trainer.id, email: trainer.email, role: "trainer" as const };
  const demoMember = { id: member.id, email: member.email, role: "member" as const, weightUnit: DEFAULT_WEIGHT_UNIT };

  if ((await countArticles()) === 0) {
    for (const article of articles) await createArticle(staff, { ...article, imageId: null, readTime: 5, published: true });
    log(`created  ${articles.length} articles`);
  }

  if ((await countContentItems()) === 0) {
    for (const item of contentItems) await createContent(staff, item);
    log(`created  ${contentItems.length} content manager items`);
  }

  if ((await listAllDocumentsForStaff(staff)).length === 0) {
    const file = await storeDocumentFile(staff, tinyPdf("Lean Start shopping list: oats, yoghurt, chicken, rice, vegetables, eggs"), "lean-start-shopping-list.pdf");
    await createDocument(staff, {
      title: "Lean Start Shopping List",
      description: "Everything the four-week plan needs, on one page.",
      category: "meal-plans",
      type: "pdf",
      uploadId: file.uploadId,
    });
    log("created  1 nutrition document");
  }

  const { timeZone } = await getSiteSettings();
  const today = todayIn(timeZone);
  if ((await countTrainingSessions(demoMember)) === 0) {
    const plan = [
      { days: 2, time: "07:00", type: "Strength", location: "Studio" },
      { days: 4, time: "18:30", type: "Conditioning", location: "Studio" },
      { days: 9, time: "07:00", type: "Strength", location: "Studio" },
      { days: 11, time: "18:30", type: "Mobility", location: "Online" },
    ];
    for (const s of plan) {
      await createTrainingSession(staff, { memberId: member.id, date: addDays(today, s.days), time: s.time, duration: "60", type: s.type, location: s.location, description: "", status: "scheduled" });
    }
    log(`created  ${plan.length} training sessions for ${member.email}`);
  }

  const snapshot = await getProgressSnapshot(demoMember);
  if (!snapshot.weight) {
    // Straight through the services (a bad value would throw its message).
    const saves: Array<() => Promise<unknown>> = [];
    for (let week = 8; week >= 0; week -= 1) {
      const date = addDays(today, -week * 7);
      saves.push(() => logBodyComposition(demoMember, { type: "weight", value: (190 - (8 - week) * 0.8).toFixed(1), date }));
      if (week % 2 === 0) saves.push(() => logBodyComposition(demoMember, { type: "body_fat", value: (24 - (8 - week) * 0.3).toFixed(1), date }));
      saves.push(() => logWorkout(demoMember, { exercise: "bench_press", sets: "3", reps: "8", weight: String(135 + (8 - week) * 5), date }));
      saves.push(() => logWorkout(demoMember, { exercise: "squat", sets: "3", reps: "5", weight: String(165 + (8 - week) * 10), date }));
    }
    saves.push(() => logMeasurements(demoMember, { chest: "41", waist: "34.5", hips: "39", date: today }));
    saves.push(() => setGoal(demoMember, { title: "Deadlift 100 kg", description: "Three sessions a week, technique first.", targetDate: addDays(today, 120), status: "in_progress" }));
    for (const save of saves) await save();
    log(`created  ${saves.length} progress entries and goals for ${member.email}`);
  }

  if (!(await hasProgram(member.id))) {
    const coach = { id: trainer.id, email: trainer.email, name: trainer.name, role: "trainer" as const };
    const { workouts, missed } = await seedTraining(coach, { id: member.id, email: member.email, name: member.name, role: "member" }, today, timeZone);
    log(`created  1 program for ${member.email} with ${workouts} finished workouts (${missed} days missed) and 1 coach comment`);
  }

  if (!(await hasCheckIns(member.id))) {
    const made = await seedCheckIns({ id: member.id, weightUnit: demoMember.weightUnit }, trainer.id, today);
    log(`created  ${made} check-ins with front and side photos for ${member.email} (this week's waiting for review)`);
  }

  if (!(await hasClassBookings(member.id))) {
    const made = await seedClassBookings({ id: member.id, email: member.email, role: "member" }, today, timeZone);
    log(`created  ${made} group class bookings for ${member.email}`);
  }

  // A conversation with the coach, the member's last question not answered yet (a reason on /coach).
  if ((await lastSeqOf(member.id)) === 0) {
    const coach = { id: trainer.id, email: trainer.email, name: trainer.name, role: "trainer" as const };
    const self = { id: member.id, email: member.email, name: member.name, role: "member" as const };
    const conversation: Array<[typeof coach | typeof self, string]> = [
      [self, "Hi! My left knee felt a bit tight on the last squat session. Should I change anything?"],
      [coach, "Thanks for telling me. Keep the weight, slow the descent and add a 2-second pause at the bottom this week. Tell me how it feels."],
      [self, "The pause squats felt much better. Can I add 2.5 kg next week?"],
    ];
    for (const [author, body] of conversation) await postMessage(author, member.id, { body });
    log(`created  ${conversation.length} messages between ${trainer.email} and ${member.email}`);
  }

  if (!(await hasBilling(member.id))) {
    const made = await seedBilling({ id: member.id }, today);
    if (made > 0) log(`created  1 weekly Online Coaching plan by direct debit for ${member.email} with ${made - 1} paid weeks and receipts, and 1 failed payment`);
  }

  log(`\nDemo password for these accounts: ${DEMO_PASSWORD}`);
}
