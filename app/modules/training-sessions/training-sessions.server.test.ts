import { AppError } from "~/lib/app-error";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { siteSetting } from "~/db/schema/settings";
import { trainingSession } from "~/db/schema/training-sessions";
import { dataPath } from "~/lib/data-dir.server";
import { addDays, todayIn } from "~/lib/time-zone";
import { createUserWithPassword } from "~/modules/users/users.server";
import { utcRange } from "./calendar";
import {
  ALREADY_TAKEN_PLACE,
  cancelOwnTrainingSession,
  cancelTrainingSessionAsStaff,
  countTrainingSessions,
  createTrainingSession,
  getNextTrainingSessions,
  getOwnTrainingSession,
  getTrainingSession,
  listCancellations,
  listMembersForScheduling,
  listOwnTrainingSessions,
  listTrainingSessions,
  NOT_A_MEMBER,
  ONLY_SCHEDULED,
  TRAINING_SESSION_NOT_FOUND,
  updateTrainingSession,
} from "./training-sessions.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
let trainer: Actor;
let admin: Actor;
let maya: Actor;
let omar: Actor;

const LONDON = "Europe/London";
const today = () => todayIn(LONDON);
const inDays = (n: number) => addDays(today(), n);

function outbox(): string[] {
  const dir = dataPath("outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8").replace(/=\r?\n/g, "")) : [];
}

async function settings(value: Record<string, string>) {
  await getDb().insert(siteSetting).values({ key: "site", value }).onConflictDoUpdate({ target: siteSetting.key, set: { value } });
}

const form = (memberId: string, extra: Record<string, unknown> = {}) => ({
  memberId,
  date: inDays(10),
  time: "09:30",
  duration: "60",
  type: "Strength",
  location: "Studio 1",
  description: "Squat focus",
  status: "scheduled",
  ...extra,
});

/** A session that started in the past, written directly (staff forms may also back-date). */
async function pastSession(memberId: string, hoursAgo = 2) {
  const id = `past-${crypto.randomUUID()}`;
  await getDb()
    .insert(trainingSession)
    .values({ id, memberId, startsAt: new Date(Date.now() - hoursAgo * 3_600_000), durationMinutes: 60, type: "Past one" });
  return id;
}

async function row(id: string) {
  const [r] = await getDb().select().from(trainingSession).where(eq(trainingSession.id, id));
  return r!;
}

beforeAll(async () => {
  const make = async (email: string, name: string, role: "member" | "trainer" | "admin") => {
    const u = await createUserWithPassword({ email, name, role, password: "a-long-password-1" });
    return { id: u.id, email, role } as Actor;
  };
  trainer = await make("trainer@sessions.test", "Terry Trainer", "trainer");
  admin = await make("admin@sessions.test", "Ada Admin", "admin");
  maya = await make("maya@sessions.test", "Maya Member", "member");
  omar = await make("omar@sessions.test", "Omar Other", "member");
});

beforeEach(async () => {
  await getDb().delete(trainingSession);
  await getDb().delete(auditLog);
  await getDb().delete(siteSetting);
  fs.rmSync(dataPath("outbox"), { recursive: true, force: true });
});

describe("staff scheduling", () => {
  it("creates a session stored in UTC from the site's wall-clock time, and lists it with the member's name", async () => {
    await settings({ timeZone: "America/New_York" });
    const { id } = await createTrainingSession(trainer, form(maya.id, { date: "2030-07-01", time: "18:00", duration: "45" }));
    const stored = await row(id);
    expect(stored.startsAt.toISOString()).toBe("2030-07-01T22:00:00.000Z");
    expect(stored).toMatchObject({ memberId: maya.id, durationMinutes: 45, type: "Strength", status: "scheduled", createdById: trainer.id });

    const range = utcRange("2030-07-01", "2030-07-01", "America/New_York");
    const listed = await listTrainingSessions(admin, range);
    expect(listed).toEqual([expect.objectContaining({ id, date: "2030-07-01", time: "18:00", memberName: "Maya Member", cancellable: true })]);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "session.created"));
    expect(audit?.summary).toContain("Maya Member");
  });

  it("lists a week for everyone or for one member, and only members can be scheduled", async () => {
    await createTrainingSession(trainer, form(maya.id, { date: "2030-01-07", time: "08:00" }));
    await createTrainingSession(trainer, form(omar.id, { date: "2030-01-08", time: "08:00" }));
    await createTrainingSession(trainer, form(omar.id, { date: "2030-01-20", time: "08:00" }));
    const week = utcRange("2030-01-06", "2030-01-12", LONDON);
    expect((await listTrainingSessions(trainer, week)).map((s) => s.memberName)).toEqual(["Maya Member", "Omar Other"]);
    expect((await listTrainingSessions(trainer, { ...week, memberId: omar.id })).map((s) => s.date)).toEqual(["2030-01-08"]);
    expect((await listMembersForScheduling(trainer)).map((m) => m.name)).toEqual(["Maya Member", "Omar Other"]);
    await expect(createTrainingSession(trainer, form(admin.id))).rejects.toThrow(new AppError(400, NOT_A_MEMBER));
    await expect(createTrainingSession(trainer, form("nobody"))).rejects.toBeInstanceOf(AppError);
  });

  it("refuses invalid forms with clear messages and writes nothing", async () => {
    const error = await createTrainingSession(trainer, form(maya.id, { date: "2030-02-30", time: "25:00", duration: "10", type: " ", location: "x".repeat(121) })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ZodError);
    const messages = (error as ZodError).issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Please enter a real date (yyyy-mm-dd)",
        "Please enter the time as HH:mm",
        "Duration must be at least 15 minutes",
        "Please enter the session type",
        "Location must be at most 120 characters",
      ]),
    );
    const farFuture = await createTrainingSession(trainer, form(maya.id, { date: "2101-01-01" })).catch((e: unknown) => e);
    expect((farFuture as ZodError).issues.map((i) => i.message)).toEqual(["Please choose a date between 1970 and 2100"]);
    await expect(createTrainingSession(trainer, form(maya.id, { duration: "90.5" }))).rejects.toBeInstanceOf(ZodError);
    await expect(createTrainingSession(trainer, form(maya.id, { duration: "481" }))).rejects.toBeInstanceOf(ZodError);
    expect(await getDb().select().from(trainingSession)).toEqual([]);
  });

  it("updates every field; cancelling records who and when, and the member's cancellations list shows it", async () => {
    const { id } = await createTrainingSession(trainer, form(maya.id));
    await updateTrainingSession(admin, id, form(omar.id, { date: "2030-03-03", time: "07:15", duration: "90", type: "Conditioning", location: "Park", description: "" }));
    expect(await getTrainingSession(trainer, id)).toMatchObject({ memberId: omar.id, date: "2030-03-03", time: "07:15", durationMinutes: 90, type: "Conditioning", location: "Park" });

    await updateTrainingSession(admin, id, form(omar.id, { date: "2030-03-03", time: "07:15", status: "cancelled" }));
    expect(await row(id)).toMatchObject({ status: "cancelled", cancelledById: admin.id });
    const cancellations = await listCancellations(trainer, { memberId: omar.id });
    expect(cancellations).toEqual([expect.objectContaining({ id, cancelledBy: "Ada Admin", memberName: "Omar Other" })]);
    expect(await listCancellations(trainer, { memberId: maya.id })).toEqual([]);

    await updateTrainingSession(admin, id, form(omar.id, { status: "completed" }));
    expect(await row(id)).toMatchObject({ status: "completed", cancelledById: null, cancelledAt: null });
    await expect(updateTrainingSession(admin, "missing", form(maya.id))).rejects.toThrow(TRAINING_SESSION_NOT_FOUND);
  });

  it("staff cancel only scheduled sessions", async () => {
    const { id } = await createTrainingSession(trainer, form(maya.id));
    await cancelTrainingSessionAsStaff(trainer, id);
    expect(await row(id)).toMatchObject({ status: "cancelled", cancelledById: trainer.id });
    await expect(cancelTrainingSessionAsStaff(trainer, id)).rejects.toThrow(ONLY_SCHEDULED);
    await expect(cancelTrainingSessionAsStaff(trainer, "missing")).rejects.toThrow(TRAINING_SESSION_NOT_FOUND);
  });

  it("refuses every staff action to members, and writes nothing", async () => {
    const { id } = await createTrainingSession(trainer, form(maya.id));
    const forbidden = { init: { status: 403 } };
    const range = utcRange(today(), inDays(30), LONDON);
    await expect(createTrainingSession(maya, form(maya.id))).rejects.toMatchObject(forbidden);
    await expect(updateTrainingSession(maya, id, form(maya.id, { type: "Hacked" }))).rejects.toMatchObject(forbidden);
    await expect(cancelTrainingSessionAsStaff(maya, id)).rejects.toMatchObject(forbidden);
    await expect(listTrainingSessions(maya, range)).rejects.toMatchObject(forbidden);
    await expect(listCancellations(maya)).rejects.toMatchObject(forbidden);
    await expect(listMembersForScheduling(maya)).rejects.toMatchObject(forbidden);
    await expect(getTrainingSession(maya, id)).rejects.toMatchObject(forbidden);
    expect(await getDb().select().from(trainingSession)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ type: "Strength", status: "scheduled" });
  });
});

describe("a member's own sessions", () => {
  it("lists, reads, counts and shows next only the member's own sessions", async () => {
    const mine = await createTrainingSession(trainer, form(maya.id, { date: inDays(3), time: "10:00" }));
    await createTrainingSession(trainer, form(maya.id, { date: inDays(1), time: "10:00", type: "Mobility" }));
    const cancelled = await createTrainingSession(trainer, form(maya.id, { date: inDays(2), status: "cancelled" }));
    const theirs = await createTrainingSession(trainer, form(omar.id, { date: inDays(2) }));
    await pastSession(maya.id);

    const range = utcRange(addDays(today(), -1), inDays(5), LONDON);
    const listed = await listOwnTrainingSessions(maya, range);
    expect(listed).toHaveLength(4);
    expect(listed.every((s) => s.memberId === maya.id)).toBe(true);
    expect(await getOwnTrainingSession(maya, mine.id)).toMatchObject({ id: mine.id, cancellable: true });
    expect(await getOwnTrainingSession(maya, theirs.id)).toBeNull();
    expect(await getOwnTrainingSession(maya, cancelled.id)).toMatchObject({ status: "cancelled", cancellable: false });
    expect(await countTrainingSessions(maya)).toBe(3);
    expect((await getNextTrainingSessions(maya, 3)).map((s) => s.type)).toEqual(["Mobility", "Strength"]);
    expect(await getNextTrainingSessions(omar, 3)).toHaveLength(1);
  });

  it("cancels the member's own future session, records it and e-mails the coach", async () => {
    await settings({ coachName: "Casey Coach", notificationEmail: "coach@sessions.test", timeZone: LONDON });
    const { id } = await createTrainingSession(trainer, form(maya.id, { date: inDays(5), time: "18:45", type: "Boxing conditioning" }));
    expect(await cancelOwnTrainingSession(maya, id)).toEqual({ mailed: true });

    const after = await row(id);
    expect(after).toMatchObject({ status: "cancelled", cancelledById: maya.id });
    expect(after.cancelledAt).toBeInstanceOf(Date);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "session.cancelled"));
    expect(audit).toMatchObject({ actorId: maya.id, targetId: id });

    const mails = outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: coach@sessions\.test/m);
    expect(mails[0]).toContain("Maya Member");
    expect(mails[0]).toContain("Boxing conditioning");
    expect(mails[0]).toContain("18:45");
  });

  it("e-mails the administrators when no notification address is set", async () => {
    const { id } = await createTrainingSession(trainer, form(maya.id));
    await cancelOwnTrainingSession(maya, id);
    expect(outbox()[0]).toMatch(/^To: admin@sessions\.test/m);
  });

  it("refuses another member's, a past and an already cancelled or completed session, changing nothing", async () => {
    const theirs = await createTrainingSession(trainer, form(omar.id));
    const past = await pastSession(maya.id);
    const done = await createTrainingSession(trainer, form(maya.id, { status: "completed" }));
    const cancelled = await createTrainingSession(trainer, form(maya.id));
    await cancelOwnTrainingSession(maya, cancelled.id);
    fs.rmSync(dataPath("outbox"), { recursive: true, force: true });
    await getDb().delete(auditLog);
    const before = await getDb().select().from(trainingSession);

    await expect(cancelOwnTrainingSession(maya, theirs.id)).rejects.toThrow(new AppError(404, TRAINING_SESSION_NOT_FOUND));
    await expect(cancelOwnTrainingSession(maya, "no-such-session")).rejects.toThrow(TRAINING_SESSION_NOT_FOUND);
    await expect(cancelOwnTrainingSession(maya, past)).rejects.toThrow(new AppError(409, ALREADY_TAKEN_PLACE));
    await expect(cancelOwnTrainingSession(maya, done.id)).rejects.toThrow(new AppError(409, ONLY_SCHEDULED));
    await expect(cancelOwnTrainingSession(maya, cancelled.id)).rejects.toThrow(ONLY_SCHEDULED);

    const after = await getDb().select().from(trainingSession);
    const byId = (rows: typeof before) => Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId(after)).toEqual(byId(before));
    expect(await getDb().select().from(auditLog)).toEqual([]);
    expect(outbox()).toEqual([]);
  });
});
