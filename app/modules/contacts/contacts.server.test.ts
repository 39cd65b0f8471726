import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { contactSubmission } from "~/db/schema/contacts";
import { requestLimit } from "~/db/schema/limits";
import { siteSetting } from "~/db/schema/settings";
import { resetEnv } from "~/lib/env.server";
import { resetMailTransport } from "~/lib/mail.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import {
  consumeIntakeLimit,
  deleteSubmission,
  getSubmission,
  INBOX_PAGE_SIZE,
  INTAKE_LIMIT,
  listSubmissions,
  markSubmissionRead,
  markSubmissionResponded,
  notifyCoach,
  retryCoachNotifications,
  submitApplication,
  SUBMISSION_GONE,
} from "./contacts.server";
import type { SubmissionStatus } from "./contacts.schema";
import { validApplication } from "./intake.fixture";
import { rows, settleNotifications, submissionCount } from "./contacts.test-support";

const admin = { id: "actor-admin", role: "admin", email: "admin@example.com" } as const;
const trainer = { id: "actor-trainer", role: "trainer", email: "trainer@example.com" } as const;
const member = { id: "actor-member", role: "member", email: "member@example.com" } as const;

const HEALTH = { medicalConditions: "Type 1 diabetes, insulin pump", injuries: "Torn ACL in the left knee (2019)" };

// ---------------------------------------------------------------- helpers

async function wipe() {
  await settleNotifications();
  await getDb().delete(contactSubmission);
  await getDb().delete(requestLimit);
  await getDb().delete(siteSetting);
}

async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function setNotificationEmail(address: string) {
  const value = { notificationEmail: address };
  await getDb().insert(siteSetting).values({ key: "site", value }).onConflictDoUpdate({ target: siteSetting.key, set: { value } });
}

function useSmtpUrl(url: string | undefined) {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetEnv();
  resetMailTransport();
}

interface Received {
  to: string[];
  raw: string;
  text: string;
}

/** The message body as written (quoted-printable soft breaks and escapes undone). */
function decodeBody(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(raw)) return body;
  return body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function startSmtp(received: Received[], port = 0): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeBody(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { server, port: (server.server.address() as AddressInfo).port };
}

function stopSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port on which nothing listens (a server opened and closed again). */
async function closedPort(): Promise<number> {
  const { server, port } = await startSmtp([]);
  await stopSmtp(server);
  return port;
}

// ---------------------------------------------------------------- tests

describe("submitApplication", () => {
  beforeEach(wipe);

  it("stores every answer, as new and not yet notified", async () => {
    const before = Date.now();
    const { id } = await submitApplication({ ...validApplication, ...HEALTH, currentFitnessLevel: "Professional" });
    const [row] = await getDb().select().from(contactSubmission).where(eq(contactSubmission.id, id));
    expect(row).toMatchObject({
      firstName: "Jordan",
      lastName: "Reyes",
      email: "jordan.reyes@example.com",
      phone: "07700 900123",
      age: "34",
      gender: "female",
      fitnessLevel: "professional",
      goals: ["Weight Loss", "Muscle Gain"],
      ...HEALTH,
      preferredTrainingTime: "Evening (5-9 PM)",
      preferredTrainingLocation: "Gym",
      experience: validApplication.experience,
      expectations: validApplication.expectations,
      referralSource: "A friend",
      status: "new",
      invitedUserId: null,
    });
    expect(row!.termsAcceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await settleNotifications();
  });

  it("validates again, whatever the caller checked, and stores nothing when invalid", async () => {
    await expect(submitApplication({ ...validApplication, termsAccepted: false })).rejects.toThrow(ZodError);
    await expect(submitApplication({ ...validApplication, email: "nope" })).rejects.toThrow(ZodError);
    await expect(submitApplication({ ...validApplication, status: "responded" })).rejects.toThrow(ZodError);
    expect(await submissionCount()).toBe(0);
  });
});

describe("the coach's e-mail over SMTP", () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    ({ server, port } = await startSmtp(received));
  });
  afterAll(async () => {
    await stopSmtp(server);
  });
  beforeEach(async () => {
    await wipe();
    received.length = 0;
  });
  afterEach(async () => {
    await settleNotifications();
    useSmtpUrl(undefined);
    await getDb().delete(user);
  });

  it("is delivered to the administrators, without the health answers", async () => {
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    const filesBefore = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    await createUserWithPassword({ name: "Coach Carter", email: "coach@example.com", password: "coach-password", role: "admin" });
    await createUserWithPassword({ name: "Max Member", email: "max@example.com", password: "max-password", role: "member" });
    useSmtpUrl(`smtp://127.0.0.1:${port}`);

    const { id } = await submitApplication({ ...validApplication, ...HEALTH });
    const mail = await waitFor(() => received[0], "the coach's e-mail");

    expect(mail.to).toEqual(["coach@example.com"]);
    expect(mail.raw).toMatch(/^Subject: New coaching application: Jordan Reyes\r?$/m);
    expect(mail.text).toContain("Jordan Reyes has applied for coaching.");
    expect(mail.text).toContain("E-mail: jordan.reyes@example.com");
    expect(mail.text).toContain("Goals: Weight Loss, Muscle Gain");
    expect(mail.text).toContain("Fitness level: Intermediate");
    expect(mail.text).toContain(`Open the application: http://localhost:3000/admin/contacts?open=${id}`);
    expect(mail.text).toContain("Medical conditions and injuries: Provided: read them in the inbox.");
    for (const secret of [HEALTH.medicalConditions, HEALTH.injuries, "diabetes", "ACL"]) {
      expect(mail.raw).not.toContain(secret);
      expect(mail.text).not.toContain(secret);
    }

    const row = await waitFor(async () => {
      const [r] = await getDb().select().from(contactSubmission).where(eq(contactSubmission.id, id));
      return r?.notifiedAt ? r : undefined;
    }, "notified_at");
    expect(row.notifyAttempts).toBe(0);
    // Nothing went to the outbox: SMTP only.
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0).toBe(filesBefore);
    // Once sent, never again.
    expect(await notifyCoach(id)).toBe(true);
    expect(await retryCoachNotifications()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it("goes to the notification address of the site settings when one is set", async () => {
    await createUserWithPassword({ name: "Coach Carter", email: "coach@example.com", password: "coach-password", role: "admin" });
    await setNotificationEmail("inbox@relentless.example");
    useSmtpUrl(`smtp://127.0.0.1:${port}`);

    await submitApplication(validApplication);
    const mail = await waitFor(() => received[0], "the coach's e-mail");
    expect(mail.to).toEqual(["inbox@relentless.example"]);
    expect(mail.text).toContain("Medical conditions and injuries: None given.");
  });
});

describe("a mail failure never loses the application", () => {
  beforeEach(wipe);
  afterEach(async () => {
    await settleNotifications();
    useSmtpUrl(undefined);
  });

  it("keeps the row, counts the attempt, and the retry delivers once SMTP is up", async () => {
    await setNotificationEmail("coach@example.com");
    const port = await closedPort();
    useSmtpUrl(`smtp://127.0.0.1:${port}`);

    const { id } = await submitApplication({ ...validApplication, ...HEALTH });
    const failed = await waitFor(async () => {
      const [r] = await getDb().select().from(contactSubmission).where(eq(contactSubmission.id, id));
      return r && r.notifyAttempts > 0 ? r : undefined;
    }, "the failed attempt");
    expect(failed).toMatchObject({ notifyAttempts: 1, notifiedAt: null, status: "new", firstName: "Jordan" });

    // Still down: a retry fails again and counts it.
    expect(await retryCoachNotifications()).toBe(0);
    const [again] = await getDb().select().from(contactSubmission).where(eq(contactSubmission.id, id));
    expect(again).toMatchObject({ notifyAttempts: 2, notifiedAt: null });

    const received: Received[] = [];
    const { server } = await startSmtp(received, port);
    try {
      resetMailTransport();
      expect(await retryCoachNotifications()).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]!.raw).toMatch(/^Subject: New coaching application: Jordan Reyes\r?$/m);
      expect(received[0]!.text).not.toContain(HEALTH.medicalConditions);
      const [sent] = await getDb().select().from(contactSubmission).where(eq(contactSubmission.id, id));
      expect(sent!.notifiedAt).toBeInstanceOf(Date);
      expect(sent!.notifyAttempts).toBe(2);
      // Nothing left to retry.
      expect(await retryCoachNotifications()).toBe(0);
      expect(received).toHaveLength(1);
    } finally {
      await stopSmtp(server);
    }
  });

  it("counts an attempt when there is nobody to notify, and gives up after five", async () => {
    const { id } = await submitApplication(validApplication);
    await settleNotifications();
    expect((await rows())[0]).toMatchObject({ id, notifyAttempts: 1, notifiedAt: null });
    for (let i = 0; i < 6; i += 1) await retryCoachNotifications();
    expect((await rows())[0]).toMatchObject({ id, notifyAttempts: 5, notifiedAt: null });
  });

  it("writes the e-mail to the outbox when SMTP_URL is not set", async () => {
    await setNotificationEmail("coach@example.com");
    const { id } = await submitApplication(validApplication);
    await settleNotifications();
    expect((await rows())[0]!.notifiedAt).toBeInstanceOf(Date);
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), "utf8"));
    expect(mails.some((m) => m.includes("Subject: New coaching application: Jordan Reyes") && decodeBody(m).includes(`open=${id}`))).toBe(true);
  });
});

describe("the inbox with 1,000 submissions", () => {
  const TOTAL = 1000;
  const T0 = Date.UTC(2025, 0, 1);
  const statusOf = (i: number): SubmissionStatus => (i % 10 === 0 ? "responded" : i % 3 === 0 ? "read" : "new");
  const pad = (i: number) => String(i).padStart(4, "0");
  const idOf = (i: number) => `sub-${pad(i)}`;
  const expected = { total: TOTAL, new: 0, read: 0, responded: 0 };
  for (let i = 0; i < TOTAL; i += 1) expected[statusOf(i)] += 1;

  beforeAll(async () => {
    await wipe();
    // One multi-row insert; submission i is i minutes after T0 (so 999 is the newest).
    await getDb()
      .insert(contactSubmission)
      .values(
        Array.from({ length: TOTAL }, (_, i) => ({
          id: idOf(i),
          firstName: i % 2 ? "Ava" : "Ben",
          lastName: `Number${pad(i)}`,
          email: `Applicant${pad(i)}@Example.com`,
          phone: "07700 900000",
          age: "30",
          gender: "other",
          fitnessLevel: "beginner",
          goals: ["General Fitness"],
          preferredTrainingTime: "Morning (8-12 PM)",
          preferredTrainingLocation: "Online",
          experience: "Some",
          expectations: "Results",
          referralSource: "Search",
          termsAcceptedAt: new Date(T0 + i * 60_000),
          status: statusOf(i),
          notifiedAt: new Date(T0 + i * 60_000),
          createdAt: new Date(T0 + i * 60_000),
        })),
      );
  });
  afterAll(wipe);

  it("counts every status", async () => {
    const inbox = await listSubmissions(admin);
    expect(inbox.counts).toEqual(expected);
    expect(expected).toEqual({ total: 1000, new: 600, read: 300, responded: 100 });
  });

  it("pages 25 at a time, newest first, 40 pages", async () => {
    const first = await listSubmissions(admin);
    expect(INBOX_PAGE_SIZE).toBe(25);
    expect(first).toMatchObject({ page: 1, pageCount: 40, total: 1000 });
    expect(first.items.map((i) => i.id)).toEqual(Array.from({ length: 25 }, (_, k) => idOf(999 - k)));

    const second = await listSubmissions(admin, { page: 2 });
    expect(second.items.map((i) => i.id)).toEqual(Array.from({ length: 25 }, (_, k) => idOf(974 - k)));

    const last = await listSubmissions(admin, { page: 40 });
    expect(last.page).toBe(40);
    expect(last.items).toHaveLength(25);
    expect(last.items.map((i) => i.id)).toEqual(Array.from({ length: 25 }, (_, k) => idOf(24 - k)));
    expect(last.items.at(-1)!.createdAt).toEqual(new Date(T0));

    for (let k = 1; k < last.items.length; k += 1) {
      expect(last.items[k - 1]!.createdAt.getTime()).toBeGreaterThan(last.items[k]!.createdAt.getTime());
    }
    // The list carries no health answers.
    expect(Object.keys(first.items[0]!)).not.toContain("medicalConditions");
  });

  it("keeps the page within range", async () => {
    expect((await listSubmissions(admin, { page: 41 })).page).toBe(40);
    expect((await listSubmissions(admin, { page: 1000 })).items.map((i) => i.id)[0]).toBe(idOf(24));
    expect((await listSubmissions(admin, { page: 0 })).page).toBe(1);
    expect((await listSubmissions(admin, { page: -3 })).items[0]!.id).toBe(idOf(999));
  });

  it("filters by status, with counts still for the whole inbox", async () => {
    const responded = await listSubmissions(admin, { status: "responded" });
    expect(responded).toMatchObject({ total: 100, pageCount: 4, counts: expected });
    expect(responded.items).toHaveLength(25);
    expect(responded.items.every((i) => i.status === "responded")).toBe(true);
    expect(responded.items[0]!.id).toBe(idOf(990));
    const lastRead = await listSubmissions(admin, { status: "read", page: 12 });
    expect(lastRead).toMatchObject({ total: 300, pageCount: 12, page: 12 });
    expect(lastRead.items.every((i) => i.status === "read")).toBe(true);
    expect(lastRead.items.at(-1)!.id).toBe(idOf(3));
  });

  it("searches by name, case-insensitively, first and last name together", async () => {
    const byLast = await listSubmissions(admin, { search: "number0042" });
    expect(byLast.items.map((i) => i.id)).toEqual([idOf(42)]);
    expect(byLast).toMatchObject({ total: 1, pageCount: 1, counts: expected });
    expect((await listSubmissions(admin, { search: "  BEN NUMBER0042 " })).items.map((i) => i.id)).toEqual([idOf(42)]);
    expect((await listSubmissions(admin, { search: "ava number0042" })).items).toEqual([]);
    const avas = await listSubmissions(admin, { search: "AVA" });
    expect(avas.total).toBe(500);
    expect(avas.pageCount).toBe(20);
  });

  it("searches by e-mail, case-insensitively", async () => {
    expect((await listSubmissions(admin, { search: "applicant0007@example.COM" })).items.map((i) => i.id)).toEqual([idOf(7)]);
    // applicant0100 … applicant0109
    const prefix = await listSubmissions(admin, { search: "APPLICANT010" });
    expect(prefix.total).toBe(10);
    expect(prefix.items.map((i) => i.id)).toEqual(Array.from({ length: 10 }, (_, k) => idOf(109 - k)));
  });

  it("combines search and status, and treats % and _ literally", async () => {
    const combined = await listSubmissions(admin, { search: "applicant01", status: "responded" });
    expect(combined.items.map((i) => i.id)).toEqual([190, 180, 170, 160, 150, 140, 130, 120, 110, 100].map(idOf));
    expect((await listSubmissions(admin, { search: "%" })).total).toBe(0);
    expect((await listSubmissions(admin, { search: "applicant_001" })).total).toBe(0);
    expect((await listSubmissions(admin, { search: "   " })).total).toBe(1000);
  });
});

describe("status changes and deletion", () => {
  beforeEach(wipe);

  async function seed(status: SubmissionStatus) {
    const { id } = await submitApplication(validApplication);
    await settleNotifications();
    await getDb().update(contactSubmission).set({ status }).where(eq(contactSubmission.id, id));
    return id;
  }

  async function statusOf(id: string) {
    const [row] = await getDb().select({ status: contactSubmission.status }).from(contactSubmission).where(eq(contactSubmission.id, id));
    return row?.status;
  }

  it("mark-read changes only new submissions", async () => {
    const fresh = await seed("new");
    const read = await seed("read");
    const responded = await seed("responded");
    expect(await markSubmissionRead(admin, fresh)).toBe("read");
    expect(await markSubmissionRead(admin, read)).toBe("read");
    expect(await markSubmissionRead(admin, responded)).toBe("responded");
    expect(await statusOf(fresh)).toBe("read");
    expect(await statusOf(read)).toBe("read");
    expect(await statusOf(responded)).toBe("responded");
    await expect(markSubmissionRead(admin, "missing")).rejects.toMatchObject({ status: 404, message: SUBMISSION_GONE });
  });

  it("mark-responded sets responded from any status", async () => {
    const fresh = await seed("new");
    const read = await seed("read");
    await markSubmissionResponded(admin, fresh);
    await markSubmissionResponded(admin, read);
    expect(await statusOf(fresh)).toBe("responded");
    expect(await statusOf(read)).toBe("responded");
    await expect(markSubmissionResponded(admin, "missing")).rejects.toMatchObject({ status: 404, message: SUBMISSION_GONE });
  });

  it("getSubmission returns every answer, or null", async () => {
    const { id } = await submitApplication({ ...validApplication, ...HEALTH });
    await settleNotifications();
    expect(await getSubmission(admin, id)).toMatchObject({ id, ...HEALTH, status: "new" });
    expect(await getSubmission(admin, "missing")).toBeNull();
  });

  it("deletes one submission; a missing id is a 404 AppError", async () => {
    const keep = await seed("new");
    const gone = await seed("read");
    await deleteSubmission(admin, gone);
    expect((await rows()).map((r) => r.id)).toEqual([keep]);
    await expect(deleteSubmission(admin, gone)).rejects.toMatchObject({ status: 404, message: SUBMISSION_GONE });
    await expect(deleteSubmission(admin, "no-such-id")).rejects.toThrow(SUBMISSION_GONE);
    expect(await submissionCount()).toBe(1);
  });
});

describe("inbox permissions in the module", () => {
  beforeEach(wipe);

  it.each([
    ["a member", member],
    ["a trainer", trainer],
  ])("refuses %s with a 403 for every operation and changes nothing", async (_who, actor) => {
    const { id } = await submitApplication(validApplication);
    await settleNotifications();
    const refused = { init: { status: 403 }, data: { message: "You do not have permission to do that." } };
    await expect(listSubmissions(actor)).rejects.toMatchObject(refused);
    await expect(getSubmission(actor, id)).rejects.toMatchObject(refused);
    await expect(markSubmissionRead(actor, id)).rejects.toMatchObject(refused);
    await expect(markSubmissionResponded(actor, id)).rejects.toMatchObject(refused);
    await expect(deleteSubmission(actor, id)).rejects.toMatchObject(refused);
    expect(await rows()).toEqual([expect.objectContaining({ id, status: "new" })]);
  });

  it("allows an administrator", async () => {
    const { id } = await submitApplication(validApplication);
    await settleNotifications();
    await expect(listSubmissions(admin)).resolves.toMatchObject({ total: 1 });
    await expect(getSubmission(admin, id)).resolves.toMatchObject({ id });
  });
});

describe("consumeIntakeLimit", () => {
  beforeEach(wipe);

  it("allows five applications per hour from one address", async () => {
    expect(INTAKE_LIMIT).toEqual({ window: 3600, max: 5 });
    const results = [];
    for (let i = 0; i < 6; i += 1) results.push(await consumeIntakeLimit("198.51.100.7"));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results[5]!.retryAfter).toBeGreaterThan(3590);
    expect((await consumeIntakeLimit("198.51.100.8")).allowed).toBe(true);
  });
});
