/** Applications coming in: stored, validated, rate-limited, and the coach told by e-mail (SMTP, outbox, retries). */
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
import { siteSetting } from "~/db/schema/settings";
import { resetEnv } from "~/lib/env.server";
import { resetMailTransport } from "~/lib/mail.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { job } from "~/db/schema/jobs";
import { runDueJobs } from "~/jobs.server";
import { consumeIntakeLimit, INTAKE_LIMIT, notifyCoachJob, submitApplication } from "./contacts.server";
import { validApplication } from "./intake.fixture";
import { enqueueJob } from "~/lib/jobs.server";
import { HEALTH, rows, submissionCount, wipe } from "./contacts.test-support";

// ---------------------------------------------------------------- helpers

const MINUTE = 60_000;
const after = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** Runs the jobs due at `now` and returns what became of the coach's e-mails (the hourly sweep may run too). */
async function runNotifications(now?: Date) {
  return (await runDueJobs({ now })).filter((o) => o.kind === notifyCoachJob.kind).map(({ attempt, status }) => ({ attempt, status }));
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

  it("stores a name on one line, whatever was pasted into it, and keeps the lines of a long answer (decision 0045)", async () => {
    const { id } = await submitApplication({ ...validApplication, firstName: "Jordan\r\nBcc: intruder@evil.test", lastName: "Re\u202Eyes", injuries: "Left knee\r\nRight wrist\u0000" });
    const [row] = await getDb().select().from(contactSubmission).where(eq(contactSubmission.id, id));
    expect(row).toMatchObject({ firstName: "Jordan Bcc: intruder@evil.test", lastName: "Reyes", injuries: "Left knee\nRight wrist" });
  });

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
    // The coach's e-mail waits as a job, committed with the application.
    expect(await getDb().select().from(job)).toEqual([expect.objectContaining({ kind: "contacts.notify-coach", payload: { submissionId: id }, status: "pending", attempts: 0 })]);
  });

  it("validates again, whatever the caller checked, and stores nothing when invalid", async () => {
    await expect(submitApplication({ ...validApplication, termsAccepted: false })).rejects.toThrow(ZodError);
    await expect(submitApplication({ ...validApplication, email: "nope" })).rejects.toThrow(ZodError);
    await expect(submitApplication({ ...validApplication, status: "responded" })).rejects.toThrow(ZodError);
    expect(await submissionCount()).toBe(0);
    expect(await getDb().select().from(job)).toEqual([]);
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
    expect(await runNotifications()).toEqual([{ attempt: 1, status: "done" }]);
    const mail = received[0]!;

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

    const [row] = await getDb().select().from(contactSubmission).where(eq(contactSubmission.id, id));
    expect(row!.notifiedAt).toBeInstanceOf(Date);
    // Nothing went to the outbox: SMTP only.
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0).toBe(filesBefore);
    // Once sent, never again: not even when the job runs a second time (a process that died before ending it).
    expect(await runNotifications()).toEqual([]);
    await enqueueJob(getDb(), notifyCoachJob, { submissionId: id });
    expect(await runNotifications()).toEqual([{ attempt: 1, status: "done" }]);
    expect(received).toHaveLength(1);
  });

  it("goes to the notification address of the site settings when one is set", async () => {
    await createUserWithPassword({ name: "Coach Carter", email: "coach@example.com", password: "coach-password", role: "admin" });
    await setNotificationEmail("inbox@relentless.example");
    useSmtpUrl(`smtp://127.0.0.1:${port}`);

    await submitApplication(validApplication);
    await runNotifications();
    const mail = received[0]!;
    expect(mail.to).toEqual(["inbox@relentless.example"]);
    expect(mail.text).toContain("Medical conditions and injuries: None given.");
  });
});

describe("a mail failure never loses the application", () => {
  beforeEach(wipe);
  afterEach(() => useSmtpUrl(undefined));

  it("keeps the row, retries every 5 minutes, and delivers once SMTP is up", async () => {
    await setNotificationEmail("coach@example.com");
    const port = await closedPort();
    useSmtpUrl(`smtp://127.0.0.1:${port}`);

    const { id } = await submitApplication({ ...validApplication, ...HEALTH });
    const start = new Date();
    expect(await runNotifications(start)).toEqual([{ attempt: 1, status: "pending" }]);
    expect((await rows())[0]).toMatchObject({ id, notifiedAt: null, status: "new", firstName: "Jordan" });

    // Not before five minutes; then still down: the retry fails again.
    expect(await runNotifications(after(start, 5 * MINUTE - 1))).toEqual([]);
    expect(await runNotifications(after(start, 5 * MINUTE))).toEqual([{ attempt: 2, status: "pending" }]);

    const received: Received[] = [];
    const { server } = await startSmtp(received, port);
    try {
      resetMailTransport();
      expect(await runNotifications(after(start, 10 * MINUTE))).toEqual([{ attempt: 3, status: "done" }]);
      expect(received).toHaveLength(1);
      expect(received[0]!.raw).toMatch(/^Subject: New coaching application: Jordan Reyes\r?$/m);
      expect(received[0]!.text).not.toContain(HEALTH.medicalConditions);
      expect((await rows())[0]!.notifiedAt).toBeInstanceOf(Date);
      // Nothing left to retry.
      expect(await runNotifications(after(start, 60 * MINUTE))).toEqual([]);
      expect(received).toHaveLength(1);
    } finally {
      await stopSmtp(server);
    }
  });

  it("retries when there is nobody to notify, and gives up after five attempts", async () => {
    const { id } = await submitApplication(validApplication);
    const start = new Date();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await runNotifications(after(start, (attempt - 1) * 5 * MINUTE))).toEqual([{ attempt, status: "pending" }]);
    }
    expect(await runNotifications(after(start, 20 * MINUTE))).toEqual([{ attempt: 5, status: "failed" }]);
    expect(await runNotifications(after(start, 60 * MINUTE))).toEqual([]);
    expect(await getDb().select().from(job).where(eq(job.kind, notifyCoachJob.kind))).toEqual([
      expect.objectContaining({ status: "failed", attempts: 5, lastError: expect.stringContaining("No notification address") }),
    ]);
    expect((await rows())[0]).toMatchObject({ id, notifiedAt: null });
  });

  it("writes the e-mail to the outbox when SMTP_URL is not set", async () => {
    await setNotificationEmail("coach@example.com");
    const { id } = await submitApplication(validApplication);
    expect(await runNotifications()).toEqual([{ attempt: 1, status: "done" }]);
    expect((await rows())[0]!.notifiedAt).toBeInstanceOf(Date);
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), "utf8"));
    expect(mails.some((m) => m.includes("Subject: New coaching application: Jordan Reyes") && decodeBody(m).includes(`open=${id}`))).toBe(true);
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
