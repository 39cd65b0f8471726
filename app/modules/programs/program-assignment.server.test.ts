/**
 * Assigning programs on the real database: each member's own copy, the e-mail, who may
 * assign to whom, and 'update from the template' keeping the weeks already trained.
 */
import crypto from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { job } from "~/db/schema/jobs";
import { program } from "~/db/schema/programs";
import { siteSetting } from "~/db/schema/settings";
import { AppError } from "~/lib/app-error";
import { SITE_SETTINGS_KEY } from "~/lib/business-name.server";
import { resetEnv } from "~/lib/env.server";
import { resetMailTransport } from "~/lib/mail.server";
import { runDueJobs } from "~/jobs.server";
import { claimNextJob, finishJob } from "~/lib/jobs.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { mailsAbout, outboxMails } from "../../../tests/support/outbox";
import { makeAssignedCopy } from "./assigned-copy.server";
import { assignCopyJob, assignmentProgress, assignProgram, CHOOSE_MEMBERS, COPY_NOT_ASSIGNABLE, deactivatedMember, NOT_A_COPY, SOURCE_GONE, updateCopyFromSource } from "./program-assignment.server";
import { listPrograms, loadProgram, PROGRAM_NOT_FOUND } from "./program-read.server";
import { addBlock, addDay, addWeek, removeWeek, updateBlock, updateDay } from "./program-structure.server";
import { FORM_OUT_OF_DATE } from "./programs.schema";
import { createProgram, saveAsTemplate } from "./programs.server";
import { insertLargestProgram, LARGEST_PROGRAM } from "./largest-program.fixture";
import type { ProgramView } from "./program-read.server";
import { assignAndRun, insertWorkoutFor } from "./programs.test-support";

type Person = { id: string; email: string; name: string };
let trainer: SessionUser;
let memberA: Person;
let memberB: Person;
let banned: Person;
let otherTrainer: Person;

const asActor = (u: Person, role: SessionUser["role"]): SessionUser => ({ id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit: "kg" });

beforeAll(async () => {
  const make = (name: string, email: string, role: SessionUser["role"]) => createUserWithPassword({ name, email, password: `${role}-password-1`, role });
  trainer = asActor(await make("Tara Trainer", "trainer@assign.test", "trainer"), "trainer");
  memberA = await make("Alex Member", "alex@assign.test", "member");
  memberB = await make("Billie Member", "billie@assign.test", "member");
  banned = await make("Gone Member", "gone@assign.test", "member");
  otherTrainer = await make("Other Trainer", "other@assign.test", "trainer");
  await getDb().update(user).set({ banned: true }).where(eq(user.id, banned.id));
  await getDb().insert(siteSetting).values({ key: SITE_SETTINGS_KEY, value: { businessName: "Iron Oak Coaching" } }).onConflictDoUpdate({ target: siteSetting.key, set: { value: { businessName: "Iron Oak Coaching" } } });
});

beforeEach(async () => {
  await getDb().delete(program);
});

const view = async (id: string) => (await loadProgram(getDb(), id))!;

/** A two-week template: week 1 Mon 'Push' (bench), week 2 Mon 'Push' (bench). */
async function twoWeekTemplate() {
  const draft = await createProgram(trainer, { name: "Hypertrophy Block", description: "Two weeks" });
  const weeks = [(await view(draft.id)).weeks[0]!.id, (await addWeek(trainer, draft.id)).weekId];
  for (const weekId of weeks) {
    const { dayId } = await addDay(trainer, draft.id, { weekId, dayIndex: "0", title: "Push" });
    await addBlock(trainer, draft.id, { dayId, exerciseId: "bench-press", sets: "3", reps: "10" });
  }
  const template = await saveAsTemplate(trainer, draft.id);
  return { templateId: template.id };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const programMails = (since: number) => mailsAbout("A new program is ready", since);

/** The next Sunday at 12:14:30 UTC: a run of the jobs a minute later crosses a quarter hour of the check-in reminders' day. */
function nextSundayNoon(): Date {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7 || 7));
  day.setUTCHours(12, 14, 30, 0);
  return day;
}

const programCount = async () => (await getDb().select({ id: program.id }).from(program)).length;

/** A program's content without its ids: group keys become the order in which each day's groups first appear. */
function content(p: ProgramView) {
  return p.weeks.map((w) => ({
    position: w.position,
    days: w.days.map((d) => {
      const groups = [...new Set(d.blocks.map((b) => b.groupKey).filter(Boolean))];
      return {
        dayIndex: d.dayIndex,
        title: d.title,
        notes: d.notes,
        blocks: d.blocks.map(({ id: _id, groupKey, ...b }) => ({ ...b, group: groupKey ? groups.indexOf(groupKey) : null })),
      };
    }),
  }));
}

function idsOf(p: ProgramView): string[] {
  return [...p.weeks.map((w) => w.id), ...p.weeks.flatMap((w) => w.days.map((d) => d.id)), ...p.weeks.flatMap((w) => w.days.flatMap((d) => d.blocks.map((b) => b.id)))];
}

const groupKeysOf = (p: ProgramView) => new Set(p.weeks.flatMap((w) => w.days.flatMap((d) => d.blocks.map((b) => b.groupKey).filter((k): k is string => k !== null))));

describe("assigning the largest allowed program", () => {
  it("gives each member an identical copy: the same weeks, days, exercises and groups, with ids and group keys of its own", async () => {
    const source = await view(await insertLargestProgram("largest", trainer.id));
    const { copies } = await assignAndRun(trainer, source.id, { memberIds: [memberA.id, memberB.id], startDate: "2026-12-07" });
    const views = await Promise.all(copies.map((c) => view(c.programId)));
    const seen = new Set(idsOf(source));
    const keys = groupKeysOf(source);
    expect(seen.size).toBe(LARGEST_PROGRAM.weeks + LARGEST_PROGRAM.days + LARGEST_PROGRAM.blocks);
    for (const copy of views) {
      expect(content(copy)).toEqual(content(source));
      for (const id of idsOf(copy)) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      for (const key of groupKeysOf(copy)) {
        expect(keys.has(key)).toBe(false);
        keys.add(key);
      }
    }
    expect(seen.size).toBe(3 * (LARGEST_PROGRAM.weeks + LARGEST_PROGRAM.days + LARGEST_PROGRAM.blocks));
  });
});

describe("the planner's statistics while copies are made", () => {
  it("are brought up to date by each copy that grew a table by a fifth, not at the next hourly ANALYZE", async () => {
    const blocksStatistics = async () => {
      const { rows } = (await getDb().execute(sql`select reltuples::int as rows from pg_class where relname = 'program_blocks'`)) as unknown as { rows: Array<{ rows: number }> };
      return rows[0]!.rows;
    };
    await getDb().execute(sql`analyze program_blocks`);
    const before = await blocksStatistics();
    const source = await insertLargestProgram("statistics", trainer.id);
    // The source alone: the planner still believes the table as it was.
    expect(await blocksStatistics()).toBe(before);
    await assignAndRun(trainer, source, { memberIds: [memberA.id], startDate: "2026-12-07" });
    expect(await blocksStatistics()).toBeGreaterThanOrEqual(before + 2 * LARGEST_PROGRAM.blocks);
  });
});

describe("assigning a program", () => {
  it("gives each member their own copy from the start date and e-mails each that a new program is ready", async () => {
    const { templateId } = await twoWeekTemplate();
    const mailsBefore = outboxMails().length;
    const { copies, members } = await assignAndRun(trainer, templateId, { memberIds: [memberA.id, memberB.id, memberA.id], startDate: "2026-12-07" });
    expect(copies.map((c) => c.memberId)).toEqual([memberA.id, memberB.id]);
    expect(members).toBe(2);
    const template = await view(templateId);
    for (const { memberId, programId } of copies) {
      const copy = await view(programId);
      expect(copy).toMatchObject({ kind: "copy", memberId, startDate: "2026-12-07", sourceId: templateId, name: "Hypertrophy Block" });
      expect(copy.weeks.map((w) => w.days.map((d) => d.blocks.map((b) => b.exerciseName)))).toEqual(template.weeks.map((w) => w.days.map((d) => d.blocks.map((b) => b.exerciseName))));
      expect(copy.weeks[0]!.id).not.toBe(template.weeks[0]!.id);
    }
    const mails = programMails(mailsBefore);
    expect(mails).toHaveLength(2);
    const toAlex = mails.find((m) => m.includes(`To: ${memberA.email}`))!;
    expect(toAlex).toContain("Subject: A new program is ready: Hypertrophy Block");
    expect(toAlex).toContain("Your coach at Iron Oak Coaching has a new training program ready for you: Hypertrophy Block.");
    expect(toAlex).toContain("It starts on Monday 7 December 2026.");
    expect(toAlex).toContain("http://localhost:3000/members/workouts");
    const listed = await listPrograms(trainer);
    expect(listed.filter((p) => p.kind === "copy").map((p) => [p.memberName, p.startDate]).sort()).toEqual([
      ["Alex Member", "2026-12-07"],
      ["Billie Member", "2026-12-07"],
    ]);
  });

  it("keeps the e-mail's lines whole: a line break in the program's name is folded to a space on the way in (decision 0045)", async () => {
    const draft = await createProgram(trainer, { name: "Strength\r\nBcc: intruder@evil.test", description: "Week one\r\nWeek two\u0000" });
    expect(await view(draft.id)).toMatchObject({ name: "Strength Bcc: intruder@evil.test", description: "Week one\nWeek two" });
    const template = await saveAsTemplate(trainer, draft.id);
    const mailsBefore = outboxMails().length;
    await assignAndRun(trainer, template.id, { memberIds: [memberA.id], startDate: "2026-12-07" });
    const [mail] = programMails(mailsBefore);
    expect(mail).toContain("Subject: A new program is ready: Strength Bcc: intruder@evil.test");
    expect(mail).toContain("has a new training program ready for you: Strength Bcc: intruder@evil.test.");
    expect(mail!.split(/\r?\n/).filter((line) => line.startsWith("Bcc:"))).toEqual([]);
  });

  it("never changes a member's copy when the template is edited later", async () => {
    const { templateId } = await twoWeekTemplate();
    const { copies } = await assignAndRun(trainer, templateId, { memberIds: [memberA.id], startDate: "2026-12-07" });
    const template = await view(templateId);
    await updateDay(trainer, templateId, { dayId: template.weeks[0]!.days[0]!.id, title: "Push (new)" });
    await updateBlock(trainer, templateId, { blockId: template.weeks[0]!.days[0]!.blocks[0]!.id, exerciseId: "squat", sets: "5", reps: "5" });
    const copy = await view(copies[0]!.programId);
    expect(copy.weeks[0]!.days[0]).toMatchObject({ title: "Push" });
    expect(copy.weeks[0]!.days[0]!.blocks[0]).toMatchObject({ exerciseName: "Bench Press", sets: 3 });
  });

  it("refuses a non-member, a staff account and a deactivated member, and then assigns to nobody", async () => {
    const { templateId } = await twoWeekTemplate();
    const before = await programCount();
    const mailsBefore = outboxMails().length;
    for (const ids of [[memberA.id, "no-such-user"], [memberA.id, otherTrainer.id]]) {
      const error = await refusal(assignProgram(trainer, templateId, { memberIds: ids, startDate: "2026-12-07" }));
      expect([error.status, error.fieldErrors]).toEqual([400, { memberIds: CHOOSE_MEMBERS }]);
    }
    const error = await refusal(assignProgram(trainer, templateId, { memberIds: [memberA.id, banned.id], startDate: "2026-12-07" }));
    expect([error.status, error.fieldErrors]).toEqual([400, { memberIds: deactivatedMember("Gone Member") }]);
    await expect(assignProgram(trainer, templateId, { memberIds: [], startDate: "2026-12-07" })).rejects.toThrow("Please choose at least one member");
    await expect(assignProgram(trainer, templateId, { memberIds: [memberA.id], startDate: "07/12/2026" })).rejects.toThrow("Please enter a real date (yyyy-mm-dd)");
    expect(await programCount()).toBe(before);
    expect(outboxMails().length).toBe(mailsBefore);
  });

  it("refuses members, an unknown program and a member's copy as the source", async () => {
    const { templateId } = await twoWeekTemplate();
    const asMember = asActor(memberA, "member");
    const denied = await refusal(assignProgram(asMember, templateId, { memberIds: [memberA.id], startDate: "2026-12-07" }));
    expect([denied.status, denied.message]).toEqual([403, "You do not have permission to do that."]);
    const missing = await refusal(assignProgram(trainer, "no-such-program", { memberIds: [memberA.id], startDate: "2026-12-07" }));
    expect([missing.status, missing.message]).toEqual([404, PROGRAM_NOT_FOUND]);
    const { copies } = await assignAndRun(trainer, templateId, { memberIds: [memberA.id], startDate: "2026-12-07" });
    const fromCopy = await refusal(assignProgram(trainer, copies[0]!.programId, { memberIds: [memberB.id], startDate: "2026-12-07" }));
    expect([fromCopy.status, fromCopy.message]).toEqual([400, COPY_NOT_ASSIGNABLE]);
  });
});

describe("assigning in the background (decision 0051)", () => {
  const assignJobs = () => getDb().select({ status: job.status, attempts: job.attempts }).from(job).where(like(job.key, `${assignCopyJob.kind}:%`));
  const form = (memberIds: string[], assignment?: string) => ({ memberIds, startDate: "2026-12-07", ...(assignment ? { assignment } : {}) });

  beforeEach(async () => {
    await getDb().delete(job);
  });

  it("makes no copy within the request: a job per member makes it, and the builder's progress counts them", async () => {
    const { templateId } = await twoWeekTemplate();
    const mailsBefore = outboxMails().length;
    const before = await programCount();
    const request = await assignProgram(trainer, templateId, form([memberA.id, memberB.id]));
    expect(request).toMatchObject({ members: 2, repeated: false });
    expect(await programCount()).toBe(before);
    expect(await assignJobs()).toEqual([
      { status: "pending", attempts: 0 },
      { status: "pending", attempts: 0 },
    ]);
    expect(await assignmentProgress(trainer, templateId)).toEqual([{ id: request.id, startDate: "2026-12-07", memberCount: 2, made: 0, underWay: true, mailsWaiting: 0 }]);
    const outcomes = await runDueJobs();
    expect(outcomes.filter((o) => o.kind === assignCopyJob.kind).map((o) => o.status)).toEqual(["done", "done"]);
    expect(await assignmentProgress(trainer, templateId, [request.id])).toEqual([{ id: request.id, startDate: "2026-12-07", memberCount: 2, made: 2, underWay: false, mailsWaiting: 0 }]);
    expect(programMails(mailsBefore)).toHaveLength(2);
    // Another program's assignments are not this one's.
    expect(await assignmentProgress(trainer, (await twoWeekTemplate()).templateId)).toEqual([]);
  });

  it("starts the same form once, however often it is posted (its token), and refuses a token used for another program", async () => {
    const { templateId } = await twoWeekTemplate();
    const token = crypto.randomUUID();
    const answers = await Promise.all([assignProgram(trainer, templateId, form([memberA.id], token)), assignProgram(trainer, templateId, form([memberA.id], token))]);
    expect(answers.map((a) => a.repeated).sort()).toEqual([false, true]);
    expect(await assignJobs()).toHaveLength(1);
    await runDueJobs();
    expect((await listPrograms(trainer)).filter((p) => p.kind === "copy")).toHaveLength(1);
    const other = await twoWeekTemplate();
    const reused = await refusal(assignProgram(trainer, other.templateId, form([memberB.id], token)));
    expect([reused.status, reused.message]).toEqual([409, FORM_OUT_OF_DATE]);
    await expect(assignProgram(trainer, templateId, form([memberB.id], "not-a-token"))).rejects.toThrow(FORM_OUT_OF_DATE);
    expect(await assignJobs()).toHaveLength(1);
  });

  it("makes one copy when a member's job runs again (its process stopped after the copy) or twice at once", async () => {
    const { templateId } = await twoWeekTemplate();
    const request = await assignProgram(trainer, templateId, form([memberA.id]));
    const payload = { assignmentId: request.id, memberId: memberA.id };
    const context = { id: "by-hand", attempt: 1, now: new Date() };
    const runs = await Promise.allSettled([assignCopyJob.run(payload, context), assignCopyJob.run(payload, context)]);
    expect(runs.some((r) => r.status === "fulfilled")).toBe(true);
    await assignCopyJob.run(payload, { ...context, attempt: 2 });
    expect(await assignmentProgress(trainer, templateId, [request.id])).toMatchObject([{ made: 1 }]);
  });

  it("is under way while a member's job sends the e-mail after their copy is made, not 'an e-mail waits'", async () => {
    const { templateId } = await twoWeekTemplate();
    const request = await assignProgram(trainer, templateId, form([memberA.id]));
    // The worker has claimed the job and made the copy; the e-mail is being sent.
    const claimed = await claimNextJob(getDb(), { [assignCopyJob.kind]: 60_000 }, new Date(Date.now() + 1_000));
    expect(claimed).toMatchObject({ kind: assignCopyJob.kind, status: "running" });
    await makeAssignedCopy(request.id, memberA.id);
    expect(await assignmentProgress(trainer, templateId, [request.id])).toMatchObject([{ made: 1, underWay: true, mailsWaiting: 0 }]);
    await finishJob(getDb(), claimed!, { status: "done" }, new Date());
    expect(await assignmentProgress(trainer, templateId, [request.id])).toMatchObject([{ made: 1, underWay: false, mailsWaiting: 0 }]);
  });

  it("retries a member's e-mail that could not be sent without making a second copy", async () => {
    const { templateId } = await twoWeekTemplate();
    const request = await assignProgram(trainer, templateId, form([memberA.id]));
    const useSmtp = (url: string | undefined) => {
      if (url === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = url;
      resetEnv();
      resetMailTransport();
    };
    // On a Sunday, where the check-in reminders go out with the retry: only the program's e-mail is counted.
    const now = nextSundayNoon();
    // Nothing listens on port 9 here: the e-mail cannot be sent.
    useSmtp("smtp://127.0.0.1:9");
    try {
      expect((await runDueJobs({ now })).filter((o) => o.kind === assignCopyJob.kind)).toMatchObject([{ attempt: 1, status: "pending" }]);
    } finally {
      useSmtp(undefined);
    }
    // The copy is made: the assignment is no longer under way, its e-mail waits to be sent again.
    expect(await assignmentProgress(trainer, templateId, [request.id])).toMatchObject([{ made: 1, underWay: false, mailsWaiting: 1 }]);
    const mailsBefore = outboxMails().length;
    expect((await runDueJobs({ now: new Date(now.getTime() + 60_000) })).filter((o) => o.kind === assignCopyJob.kind)).toMatchObject([{ attempt: 2, status: "done" }]);
    expect(programMails(mailsBefore).filter((m) => m.includes(`To: ${memberA.email}`))).toHaveLength(1);
    expect(await assignmentProgress(trainer, templateId, [request.id])).toMatchObject([{ made: 1, underWay: false, mailsWaiting: 0 }]);
  });

  it("makes no copy and sends no e-mail for a member deactivated, or a program deleted, after the assignment", async () => {
    const { templateId } = await twoWeekTemplate();
    const mailsBefore = outboxMails().length;
    const request = await assignProgram(trainer, templateId, form([memberA.id, memberB.id]));
    await getDb().update(user).set({ banned: true }).where(eq(user.id, memberB.id));
    try {
      await runDueJobs();
    } finally {
      await getDb().update(user).set({ banned: false }).where(eq(user.id, memberB.id));
    }
    expect(await assignmentProgress(trainer, templateId, [request.id])).toEqual([{ id: request.id, startDate: "2026-12-07", memberCount: 2, made: 1, underWay: false, mailsWaiting: 0 }]);
    expect(programMails(mailsBefore).filter((m) => m.includes(`To: ${memberB.email}`))).toEqual([]);

    const other = await twoWeekTemplate();
    await assignProgram(trainer, other.templateId, form([memberB.id]));
    await getDb().delete(program).where(eq(program.id, other.templateId));
    const outcomes = await runDueJobs();
    expect(outcomes.filter((o) => o.kind === assignCopyJob.kind).map((o) => o.status)).toEqual(["done"]);
    expect(programMails(mailsBefore).filter((m) => m.includes(`To: ${memberB.email}`))).toEqual([]);
  });
});

describe("updating a member's copy from its template", () => {
  it("replaces only the weeks not yet trained, and leaves a trained week exactly as it was", async () => {
    const { templateId } = await twoWeekTemplate();
    const { copies } = await assignAndRun(trainer, templateId, { memberIds: [memberA.id], startDate: "2026-12-07" });
    const copyId = copies[0]!.programId;
    // Member A trained week 1's day; week 2 is still to come.
    await insertWorkoutFor(memberA.id, (await view(copyId)).weeks[0]!.days[0]!.id, "2026-12-07");
    const before = await view(copyId);
    const template = await view(templateId);
    for (const week of template.weeks) await updateBlock(trainer, templateId, { blockId: week.days[0]!.blocks[0]!.id, exerciseId: "squat", sets: "5", reps: "5" });
    await addDay(trainer, templateId, { weekId: template.weeks[1]!.id, dayIndex: "3", title: "Legs" });
    await addWeek(trainer, templateId);

    expect(await updateCopyFromSource(trainer, copyId)).toEqual({ replaced: 2, kept: 1 });
    const after = await view(copyId);
    expect(after.weeks.map((w) => [w.position, w.trained])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    // The trained week: same rows, same exercise.
    expect(after.weeks[0]).toEqual(before.weeks[0]);
    expect(after.weeks[1]!.days.map((d) => [d.title, d.blocks.map((b) => b.exerciseName)])).toEqual([
      ["Push", ["Back Squat"]],
      ["Legs", []],
    ]);
    expect(after.weeks[1]!.id).not.toBe(before.weeks[1]!.id);
  });

  it("keeps a copy's later weeks on their dates when a week of the copy is removed", async () => {
    const { templateId } = await twoWeekTemplate();
    await addWeek(trainer, templateId);
    const { copies } = await assignAndRun(trainer, templateId, { memberIds: [memberA.id], startDate: "2026-12-07" });
    const copy = await view(copies[0]!.programId);
    await removeWeek(trainer, copy.id, { weekId: copy.weeks[1]!.id });
    expect((await view(copy.id)).weeks.map((w) => w.position)).toEqual([0, 2]);
  });

  it("refuses a program that is not a member's copy, a copy whose source is gone, members and unknown ids, changing nothing", async () => {
    const { templateId } = await twoWeekTemplate();
    const notCopy = await refusal(updateCopyFromSource(trainer, templateId));
    expect([notCopy.status, notCopy.message]).toEqual([400, NOT_A_COPY]);
    const { copies } = await assignAndRun(trainer, templateId, { memberIds: [memberA.id], startDate: "2026-12-07" });
    const copyId = copies[0]!.programId;
    const denied = await refusal(updateCopyFromSource(asActor(memberA, "member"), copyId));
    expect(denied.status).toBe(403);
    const missing = await refusal(updateCopyFromSource(trainer, "no-such-copy"));
    expect([missing.status, missing.message]).toEqual([404, PROGRAM_NOT_FOUND]);
    const before = await view(copyId);
    await getDb().delete(program).where(eq(program.id, templateId));
    const gone = await refusal(updateCopyFromSource(trainer, copyId));
    expect([gone.status, gone.message]).toEqual([409, SOURCE_GONE]);
    expect((await view(copyId)).weeks).toEqual(before.weeks);
  });
});
