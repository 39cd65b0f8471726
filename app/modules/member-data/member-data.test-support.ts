/**
 * A member with data in every table that can hold some: seed:demo's demo member (program,
 * workouts, sets, a coach's comment, check-ins with photos, messages, sessions, progress,
 * goals) plus the rows the demo has no reason to make (two-factor, a reset link, sign-in
 * throttling, request limits, an invitation, an application, audit entries, a dismissal, a
 * message image, an export, a deletion request), and a second member whose data must stay.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import yauzl from "yauzl";
import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { attentionDismissal, lastSignIn } from "~/db/schema/attention";
import { auditLog } from "~/db/schema/audit";
import { session, verification } from "~/db/schema/auth";
import { contactSubmission } from "~/db/schema/contacts";
import { invitation } from "~/db/schema/invitations";
import { requestLimit, signInThrottle } from "~/db/schema/limits";
import { accountDeletionRequest, dataExport } from "~/db/schema/member-data";
import { twoFactor, twoFactorBackupCode, twoFactorChallenge } from "~/db/schema/two-factor";
import { calendarFeed } from "~/db/schema/calendar-feeds";
import { postMessage } from "~/modules/messages/messages.server";
import { logBodyComposition } from "~/modules/progress/progress-entries.server";
import { createUserWithPassword, findUserByEmail } from "~/modules/users/users.server";
import { seedDemo } from "~/../scripts/seed-demo-data";
import { catalogue, isPersonal, tableName, type Member } from "./catalogue.server";
import type { ExportDownload } from "./data-exports.server";

export const DEMO_MEMBER = "member@demo.relentless";
export const DEMO_TRAINER = "trainer@demo.relentless";

export interface FilledData {
  member: Member & { name: string };
  other: Member & { name: string };
  trainerId: string;
  adminId: string;
}

const jpeg = () => sharp({ create: { width: 320, height: 240, channels: 3, background: "#2563eb" } }).jpeg().toBuffer();

export async function fillMemberData(): Promise<FilledData> {
  await seedDemo(() => {});
  const demo = (await findUserByEmail(DEMO_MEMBER))!;
  const trainer = (await findUserByEmail(DEMO_TRAINER))!;
  const admin = await createUserWithPassword({ email: "ada@member-data.test", password: "member-data-pass-1", name: "Ada Admin", role: "admin" });
  const other = await createUserWithPassword({ email: "olly@member-data.test", password: "member-data-pass-1", name: "Olly Other", role: "member" });
  const member = { id: demo.id, email: demo.email, name: demo.name };
  const now = new Date();
  const later = new Date(now.getTime() + 3_600_000);
  const db = getDb();

  await postMessage({ id: member.id, email: member.email, name: member.name, role: "member" }, member.id, { body: "Form check, please", image: new File([new Uint8Array(await jpeg())], "squat.jpg") });
  await postMessage({ id: other.id, email: other.email, name: other.name, role: "member" }, other.id, { body: "Hello from Olly", image: new File([new Uint8Array(await jpeg())], "olly.jpg") });
  await logBodyComposition({ id: other.id, role: "member", weightUnit: "kg" }, { type: "weight", value: "80", date: "2026-01-05" });

  await db.insert(twoFactor).values({ userId: member.id, secret: "encrypted-secret" });
  await db.insert(calendarFeed).values({ userId: member.id, tokenHash: crypto.randomBytes(32).toString("hex"), scope: "member" });
  await db.insert(twoFactorBackupCode).values({ userId: member.id, codeHash: crypto.randomBytes(16).toString("hex") });
  await db.insert(twoFactorChallenge).values({ tokenHash: crypto.randomBytes(16).toString("hex"), userId: member.id, expiresAt: later });
  await db.insert(verification).values({ id: crypto.randomUUID(), identifier: `reset-password:${crypto.randomBytes(8).toString("hex")}`, value: member.id, expiresAt: later });
  await db.insert(session).values({ id: crypto.randomUUID(), token: crypto.randomBytes(16).toString("hex"), userId: member.id, expiresAt: later, ipAddress: "203.0.113.9", userAgent: "Phone" });
  // Signed in from ::1: better-auth keeps an IPv6 client's /64 only, all zeros here.
  await db.insert(session).values({ id: crypto.randomUUID(), token: crypto.randomBytes(16).toString("hex"), userId: member.id, expiresAt: later, ipAddress: "0000:0000:0000:0000:0000:0000:0000:0000", userAgent: "Laptop" });
  await db.insert(lastSignIn).values({ userId: member.id, at: now }).onConflictDoNothing();
  await db.insert(signInThrottle).values([
    { key: `account:${member.email}`, failures: 2, windowStart: now.getTime() },
    { key: "address:203.0.113.9", failures: 3, windowStart: now.getTime(), accounts: [member.email, other.email] },
  ]);
  await db.insert(requestLimit).values([
    { key: `reset-request:email:${member.email}`, windowStart: now.getTime(), count: 1 },
    { key: `2fa-code:${member.id}`, windowStart: now.getTime(), count: 1 },
  ]);
  await db.insert(accountDeletionRequest).values({ userId: member.id });
  await db.insert(dataExport).values({ id: crypto.randomUUID(), memberId: member.id, recipientId: member.id, status: "failed" });
  await db.insert(invitation).values({ id: crypto.randomUUID(), email: member.email, name: member.name, role: "member", tokenHash: crypto.randomBytes(16).toString("hex"), invitedById: admin.id, userId: member.id, expiresAt: later, acceptedAt: now });
  const application = {
    lastName: "Member",
    phone: "07700 900123",
    age: "34",
    gender: "female",
    fitnessLevel: "beginner",
    goals: ["Weight Loss"],
    preferredTrainingTime: "Evening",
    preferredTrainingLocation: "Studio",
    experience: "Some",
    expectations: "Results",
    referralSource: "Friend",
    termsAcceptedAt: now,
  };
  await db.insert(contactSubmission).values([
    // Typed with capitals, as people do: the same e-mail all the same.
    { id: crypto.randomUUID(), firstName: "Morgan", email: member.email.toUpperCase(), ...application },
    { id: crypto.randomUUID(), firstName: "Olly", email: other.email, ...application },
  ]);
  await db.insert(auditLog).values([
    { id: crypto.randomUUID(), actorId: member.id, actorEmail: member.email, action: "auth.sign_in", summary: `${member.email} signed in`, ip: "203.0.113.9" },
    { id: crypto.randomUUID(), actorId: admin.id, actorEmail: admin.email, action: "user.role_changed", targetType: "user", targetId: member.id, summary: `Changed the role of ${member.email} from member to member` },
    { id: crypto.randomUUID(), actorId: other.id, actorEmail: other.email, action: "auth.sign_in", summary: `${other.email} signed in` },
  ]);
  await db.insert(attentionDismissal).values({ memberId: member.id, reason: "no-sign-in", occurrence: "2026-01-01", byId: trainer.id });
  return { member, other: { id: other.id, email: other.email, name: other.name }, trainerId: trainer.id, adminId: admin.id };
}

/** Every table of the live schema (the database's, not the code's), by name. */
export async function liveTables(): Promise<string[]> {
  const result = (await getDb().execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((r) => r.name);
}

/** Rows of each table whose any column holds the id or the e-mail (the whole row as text, case ignored for the e-mail). */
export async function tablesHolding(m: Member): Promise<Record<string, number>> {
  const hits: Record<string, number> = {};
  for (const name of await liveTables()) {
    const t = sql.identifier(name);
    const result = (await getDb().execute(
      sql`select count(*)::int as n from ${t} where position(${m.id} in ${t}::text) > 0 or position(${m.email} in lower(${t}::text)) > 0`,
    )) as unknown as { rows: Array<{ n: number }> };
    const n = result.rows[0]?.n ?? 0;
    if (n > 0) hits[name] = n;
  }
  return hits;
}

/** Rows that hold the member's id or e-mail but that the catalogue's condition for their table misses. */
export async function rowsTheCatalogueMisses(m: Member): Promise<Record<string, number>> {
  const missed: Record<string, number> = {};
  for (const entry of catalogue.filter(isPersonal)) {
    const t = sql.identifier(tableName(entry.table));
    const result = (await getDb().execute(
      sql`select count(*)::int as n from ${t} where (position(${m.id} in ${t}::text) > 0 or position(${m.email} in lower(${t}::text)) > 0) and not coalesce((${entry.rows(m)}), false)`,
    )) as unknown as { rows: Array<{ n: number }> };
    const n = result.rows[0]?.n ?? 0;
    if (n > 0) missed[tableName(entry.table)] = n;
  }
  return missed;
}

export async function bytesOf(download: ExportDownload): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of download.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every entry of a ZIP by name. */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}
