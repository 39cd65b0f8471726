/** Helpers of the staff-side class tests: people, classes and places written directly. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { classBooking, groupClass, type BookingStatus } from "~/db/schema/classes";
import { runDueJobs } from "~/jobs.server";
import { dataPath } from "~/lib/data-dir.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { classNoticeJob } from "./class-staff.server";

export type Actor = Pick<SessionUser, "id" | "role" | "email">;

const HOUR = 3_600_000;

export async function makePerson(email: string, name: string, role: "member" | "trainer" | "admin"): Promise<Actor> {
  const u = await createUserWithPassword({ email, name, role, password: "a-long-password-1" });
  return { id: u.id, email, role };
}

/** A class of the HIIT type, `hours` from now (negative: started already), as the timetable or staff made it. */
export async function aClass(options: { hours?: number; capacity?: number; slotId?: string | null; slotDate?: string | null; typeId?: string } = {}): Promise<string> {
  const id = `class-${crypto.randomUUID()}`;
  await getDb()
    .insert(groupClass)
    .values({
      id,
      classTypeId: options.typeId ?? "class-type-hiit",
      slotId: options.slotId ?? null,
      slotDate: options.slotDate ?? null,
      // On a whole minute, as a form gives it.
      startsAt: new Date(Math.floor((Date.now() + (options.hours ?? 48) * HOUR) / 60_000) * 60_000),
      durationMinutes: 45,
      capacity: options.capacity ?? 8,
      location: "Studio 1",
    });
  return id;
}

let arrival = 0;
/** A member's place in a class, in arrival order. */
export async function place(classId: string, memberId: string, status: BookingStatus): Promise<string> {
  const id = `booking-${crypto.randomUUID()}`;
  arrival += 1;
  await getDb()
    .insert(classBooking)
    .values({ id, classId, memberId, status, queuedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, arrival)), offerExpiresAt: status === "offered" ? new Date(Date.now() + HOUR) : null });
  return id;
}

export async function classRow(id: string) {
  const [row] = await getDb().select().from(groupClass).where(eq(groupClass.id, id));
  return row!;
}

export async function statuses(classId: string) {
  const rows = await getDb().select({ memberId: classBooking.memberId, status: classBooking.status }).from(classBooking).where(eq(classBooking.classId, classId));
  return Object.fromEntries(rows.map((r) => [r.memberId, r.status]));
}

/** Runs the due class e-mails and returns the outbox's messages (quoted-printable lines joined). */
export async function sentMail(): Promise<string[]> {
  const ran = await runDueJobs({});
  const failed = ran.filter((o) => o.kind === classNoticeJob.kind && o.status !== "done");
  if (failed.length > 0) throw new Error(`class e-mails failed: ${JSON.stringify(failed)}`);
  const dir = dataPath("outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8").replace(/=\r?\n/g, "")) : [];
}

export function clearOutbox(): void {
  fs.rmSync(dataPath("outbox"), { recursive: true, force: true });
}

/** The recipients of the mails (their To: lines). */
export const recipients = (mails: string[]) => mails.map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim()).sort();
