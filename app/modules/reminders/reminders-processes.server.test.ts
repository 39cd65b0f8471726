/**
 * Two server processes on one database send a reminder once: both sweep at the same moment
 * (the reminder's key makes one job) and both claim the due jobs (FOR UPDATE SKIP LOCKED
 * gives each to one). On PostgreSQL the second runner claims through a pool of its own, as
 * another process would; on PGlite (one process by design) the two share its connection.
 */
import { afterAll, expect, it } from "vitest";
import { getDatabase, openDatabase, type Database } from "~/db/client.server";
import { createJobRunner } from "~/lib/job-runner.server";
import { createTrainingSession } from "~/modules/training-sessions/training-sessions.server";
import { newPerson } from "~/modules/workouts/training.test-support";
import { outboxMails } from "../../../tests/support/outbox";
import { planReminders, planRemindersJob, sendReminderJob } from "./reminder-jobs.server";

let secondPool: Database | undefined;

afterAll(async () => {
  await secondPool?.close();
});

it("sends a session's reminder once when two processes sweep and claim at the same moment", async () => {
  const other = process.env.DATABASE_URL ? (secondPool = await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL, max: 4 })) : getDatabase();
  const [a, b] = [createJobRunner([planRemindersJob, sendReminderJob]), createJobRunner([planRemindersJob, sendReminderJob])];
  const member = await newPerson();
  const coach = await newPerson("trainer");
  await createTrainingSession(coach, { memberId: member.id, date: "2030-03-06", time: "10:00", duration: "60", type: "Strength", location: "", description: "", status: "scheduled" });
  const due = new Date("2030-03-05T10:00:00Z");
  // Each process keeps the next sweep enqueued (one row), then both run what is due, each sweep twice over.
  const before = new Date(due.getTime() - 60_000);
  await Promise.all([a.runDueJobs({ now: before }), b.runDueJobs({ now: before, db: other.db })]);
  // Two sweeps at once make one job: the other finds its key taken.
  expect((await Promise.all([planReminders(due), planReminders(due)])).sort()).toEqual([0, 1]);
  const outcomes = (await Promise.all([a.runDueJobs({ now: due }), b.runDueJobs({ now: due, db: other.db }), a.runDueJobs({ now: due }), b.runDueJobs({ now: due, db: other.db })])).flat();
  expect(outcomes.filter((o) => o.kind === "reminders.send")).toEqual([expect.objectContaining({ status: "done" })]);
  expect(outcomes.filter((o) => o.kind === "reminders.plan")).toEqual([expect.objectContaining({ status: "done" })]);
  expect(outboxMails().filter((m) => m.includes(`To: ${member.email}`))).toHaveLength(1);
});
