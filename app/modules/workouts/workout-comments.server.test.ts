/**
 * Coaches' comments on the real database: who may write one, on which workout, what the
 * member is e-mailed, and that a member reads only the comments on their own workouts.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { workout, workoutComment } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { SITE_SETTINGS_KEY } from "~/lib/business-name.server";
import { resetEnv } from "~/lib/env.server";
import { resetMailTransport } from "~/lib/mail.server";
import { todayIn } from "~/lib/time-zone";
import { createUserWithPassword } from "~/modules/users/users.server";
import { outboxMails } from "../../../tests/support/outbox";
import { commentOnWorkout, listCommentsForOwnWorkout, NOT_FINISHED, WORKOUT_NOT_FOUND } from "./workout-comments.server";

let coach: SessionUser;
let admin: SessionUser;
let member: SessionUser;
let otherMember: SessionUser;

const asActor = (u: { id: string; email: string; name: string }, role: SessionUser["role"]): SessionUser => ({ id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit: "kg" });

beforeAll(async () => {
  const make = (name: string, email: string, role: SessionUser["role"]) => createUserWithPassword({ name, email, password: `${role}-password-1`, role });
  coach = asActor(await make("Tara Trainer", "tara@comments.test", "trainer"), "trainer");
  admin = asActor(await make("Ada Admin", "ada@comments.test", "admin"), "admin");
  member = asActor(await make("Morgan Member", "morgan@comments.test", "member"), "member");
  otherMember = asActor(await make("Riley Member", "riley@comments.test", "member"), "member");
  const value = { businessName: "Iron Oak Coaching" };
  await getDb().insert(siteSetting).values({ key: SITE_SETTINGS_KEY, value }).onConflictDoUpdate({ target: siteSetting.key, set: { value } });
});

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnv();
  resetMailTransport();
});

async function workoutOf(userId: string, finished: boolean, title = "Full Body A"): Promise<string> {
  const id = crypto.randomUUID();
  await getDb()
    .insert(workout)
    .values({ id, userId, title, performedOn: "2026-03-02", startedAt: new Date("2026-03-02T07:00:00Z"), finishedAt: finished ? new Date("2026-03-02T08:00:00Z") : null });
  return id;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const commentsOn = (workoutId: string) => getDb().select().from(workoutComment).where(eq(workoutComment.workoutId, workoutId));

describe("a coach comments on a finished workout", () => {
  it("stores the comment trimmed, by its author, and e-mails the member who, what, when and where to read it", async () => {
    const id = await workoutOf(member.id, true);
    const before = outboxMails().length;
    const { comment, mailed, memberName } = await commentOnWorkout(coach, member.id, id, { body: "  Great depth on the squats.\nAdd 2.5 kg next week.  " });
    expect(mailed).toBe(true);
    expect(memberName).toBe("Morgan Member");
    expect(comment).toMatchObject({ authorName: "Tara Trainer", body: "Great depth on the squats.\nAdd 2.5 kg next week.", postedOn: todayIn("Europe/London") });
    const rows = await commentsOn(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ authorId: coach.id, body: "Great depth on the squats.\nAdd 2.5 kg next week." });

    const mails = outboxMails().slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain("To: morgan@comments.test");
    expect(mail).toContain("Subject: Tara Trainer commented on your workout: Full Body A");
    expect(mail).toContain("Hello Morgan Member,");
    expect(mail).toContain('Tara Trainer, your coach at Iron Oak Coaching, commented on your workout "Full Body A" of Monday 2 March 2026:');
    expect(mail).toContain("  Great depth on the squats.\n  Add 2.5 kg next week.");
    expect(mail).toContain(`http://localhost:3000/members/workouts/${id}`);
  });

  it("lets an administrator comment too, and on any member's workout (a solo coach's staff see every member)", async () => {
    const id = await workoutOf(otherMember.id, true);
    await commentOnWorkout(admin, otherMember.id, id, { body: "Nice work" });
    expect((await commentsOn(id)).map((c) => c.authorId)).toEqual([admin.id]);
  });

  it("refuses an empty or too long comment with the form's messages, and stores and mails nothing", async () => {
    const id = await workoutOf(member.id, true);
    const before = outboxMails().length;
    for (const [body, message] of [
      ["", "Please write a comment"],
      ["   \n  ", "Please write a comment"],
      ["x".repeat(2001), "A comment must be at most 2000 characters"],
      [undefined, "Please write a comment"],
      [["two", "values"], "Please write a comment"],
    ] as const) {
      const error = await commentOnWorkout(coach, member.id, id, { body }).then(
        () => null,
        (e: unknown) => e as { issues?: Array<{ message: string; path: unknown[] }> },
      );
      expect(error?.issues?.[0], JSON.stringify(body)).toMatchObject({ message, path: ["body"] });
    }
    // 2000 characters is allowed.
    await commentOnWorkout(coach, member.id, id, { body: "y".repeat(2000) });
    expect(await commentsOn(id)).toHaveLength(1);
    expect(outboxMails().length - before).toBe(1);
  });

  it("answers 409 for a workout not finished and 404 for one that does not exist, storing nothing", async () => {
    const open = await workoutOf(member.id, false);
    const before = outboxMails().length;
    const notFinished = await refusal(commentOnWorkout(coach, member.id, open, { body: "Keep going" }));
    expect([notFinished.status, notFinished.message]).toEqual([409, NOT_FINISHED]);
    for (const id of ["no-such-workout", "", undefined, ["x"]]) {
      const missing = await refusal(commentOnWorkout(coach, member.id, id, { body: "Hello" }));
      expect([missing.status, missing.message]).toEqual([404, WORKOUT_NOT_FOUND]);
    }
    // Another member's workout under this member's address is not there either.
    const others = await workoutOf(otherMember.id, true);
    const wrongMember = await refusal(commentOnWorkout(coach, member.id, others, { body: "Hello" }));
    expect([wrongMember.status, wrongMember.message]).toEqual([404, WORKOUT_NOT_FOUND]);
    expect(await commentsOn(others)).toEqual([]);
    expect(await commentsOn(open)).toEqual([]);
    expect(outboxMails().length).toBe(before);
  });

  it("refuses members (403), even on their own workout", async () => {
    const id = await workoutOf(member.id, true);
    const error = await refusal(commentOnWorkout(member, member.id, id, { body: "Self praise" }));
    expect(error.status).toBe(403);
    expect(await commentsOn(id)).toEqual([]);
  });

  it("keeps the comment when the e-mail cannot be sent, and says so", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetEnv();
    resetMailTransport();
    const id = await workoutOf(member.id, true);
    const { mailed } = await commentOnWorkout(coach, member.id, id, { body: "Solid session" });
    expect(mailed).toBe(false);
    expect(await commentsOn(id)).toHaveLength(1);
  });
});

describe("the member reads the comments on their own workouts", () => {
  it("lists them oldest first with the author's name and day", async () => {
    const id = await workoutOf(member.id, true);
    await commentOnWorkout(coach, member.id, id, { body: "First" });
    await commentOnWorkout(admin, member.id, id, { body: "Second" });
    const list = await listCommentsForOwnWorkout(member, id);
    expect(list.map((c) => [c.authorName, c.body])).toEqual([
      ["Tara Trainer", "First"],
      ["Ada Admin", "Second"],
    ]);
    expect(await listCommentsForOwnWorkout(member, await workoutOf(member.id, true))).toEqual([]);
  });

  it("answers 'Workout not found' for another member's workout and for none", async () => {
    const id = await workoutOf(member.id, true);
    await commentOnWorkout(coach, member.id, id, { body: "Private to Morgan" });
    for (const workoutId of [id, "no-such-workout", undefined]) {
      const error = await refusal(listCommentsForOwnWorkout(otherMember, workoutId));
      expect([error.status, error.message]).toEqual([404, WORKOUT_NOT_FOUND]);
    }
  });
});
