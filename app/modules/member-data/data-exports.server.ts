/**
 * 'Download my data' and an administrator's export of a member (decision 0082): a request
 * starts a job that writes the ZIP (export-archive.server.ts) to private storage and e-mails
 * a one-time link to whoever asked. The link works for 24 hours, once, and only for that
 * person signed in; anyone else gets the same 'not found' as for a made-up link. An hourly
 * sweep deletes archives that were downloaded or expired.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { dataExport } from "~/db/schema/member-data";
import { AppError } from "~/lib/app-error";
import { getBusinessName } from "~/lib/business-name.server";
import { getEnv } from "~/lib/env.server";
import { defineJob, defineRecurringJob, enqueueJob, everyHour } from "~/lib/jobs.server";
import { getLogger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { getStorage } from "~/lib/storage.server";
import { writeMemberArchive } from "./export-archive.server";

const HOUR = 3_600_000;
/** How long a link works after the archive is ready. */
export const LINK_HOURS = 24;
/** Exports of one member one person may ask for in a day. */
export const EXPORTS_PER_DAY = 3;
/** A build that has not finished in this long has failed (its job gave up): it no longer blocks a new request. */
const BUILD_GIVES_UP_MS = 6 * HOUR;
/** A downloaded archive stays this long for a download still streaming, then the sweep deletes it. */
const KEEP_AFTER_USE_MS = HOUR;
/** An export's row (who asked, when) is kept this long after its archive is gone, then pruned. */
const KEEP_ROWS_MS = 30 * 24 * HOUR;

export const DOWNLOAD_PATH = "/data-exports/download";
export const ALREADY_BUILDING = "Your data is already being prepared. We will e-mail you a link when it is ready.";
export const TOO_MANY_TODAY = `You can ask for ${EXPORTS_PER_DAY} exports a day. Please try again tomorrow.`;
export const LINK_NOT_FOUND = "This download link is not valid: it may have been used already or have expired. You can ask for a new one in Settings.";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The member's export to themself, or an administrator's of any member: the one who asks is the one the link is for. */
async function startExport(recipient: Actor, memberId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    // Two requests at once (a double tap, two tabs) meet here: one of them sees the other's row.
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${recipient.id} for no key update`);
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.id, memberId));
    if (!member) throw new AppError(404, "That user no longer exists.");
    const now = Date.now();
    const mine = and(eq(dataExport.memberId, memberId), eq(dataExport.recipientId, recipient.id));
    const [building] = await tx
      .select({ id: dataExport.id })
      .from(dataExport)
      .where(and(mine, eq(dataExport.status, "building"), gt(dataExport.createdAt, new Date(now - BUILD_GIVES_UP_MS))));
    if (building) throw new AppError(409, ALREADY_BUILDING);
    const [today] = await tx.select({ n: count() }).from(dataExport).where(and(mine, gt(dataExport.createdAt, new Date(now - 24 * HOUR))));
    if ((today?.n ?? 0) >= EXPORTS_PER_DAY) throw new AppError(429, TOO_MANY_TODAY);
    const id = crypto.randomUUID();
    await tx.insert(dataExport).values({ id, memberId, recipientId: recipient.id });
    await enqueueJob(tx, exportJob, { exportId: id });
  });
}

/** 'Download my data': any signed-in person's own data. */
export async function requestOwnExport(actor: Actor): Promise<void> {
  ensureCan(actor, "memberData", "exportOwn");
  await startExport(actor, actor.id);
}

/** An administrator's 'Export' of a member: the link goes to that administrator. */
export async function requestMemberExport(actor: Actor, memberId: string): Promise<void> {
  ensureCan(actor, "memberData", "exportAny");
  await startExport(actor, memberId);
  await recordAudit({ action: "member.data_exported", actor, target: { type: "user", id: memberId }, summary: `${actor.email} exported a member's data` });
}

/** What Settings shows: an export being prepared, and the last one e-mailed. */
export async function ownExportState(actor: Pick<SessionUser, "id">): Promise<{ building: boolean; lastReadyAt: Date | null }> {
  const rows = await getDb()
    .select({ status: dataExport.status, createdAt: dataExport.createdAt, readyAt: dataExport.readyAt })
    .from(dataExport)
    .where(and(eq(dataExport.memberId, actor.id), eq(dataExport.recipientId, actor.id)))
    .orderBy(desc(dataExport.createdAt))
    .limit(EXPORTS_PER_DAY);
  const since = Date.now() - BUILD_GIVES_UP_MS;
  return {
    building: rows.some((r) => r.status === "building" && r.createdAt.getTime() > since),
    lastReadyAt: rows.find((r) => r.readyAt)?.readyAt ?? null,
  };
}

function exportMail(kind: "own" | "member", to: { name: string }, member: { name: string }, link: string, expiresAt: Date, business: string) {
  const until = `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const what = kind === "own" ? "your data" : `the data of ${member.name}`;
  return {
    subject: kind === "own" ? `Your data from ${business} is ready to download` : `The data export of ${member.name} is ready`,
    text: [
      `Hello ${to.name},`,
      "",
      `The archive of ${what} you asked for is ready:`,
      "",
      link,
      "",
      `The link works once, until ${until}, and only while you are signed in to your own account.`,
      "It downloads one ZIP file: every record as JSON, spreadsheets (CSV) of progress, workouts,",
      "check-ins and sessions, and the photos. A README inside says what each file is.",
      "",
      kind === "own" ? "If you did not ask for this, please change your password and let us know." : "Keep the file safe: it holds health and body data.",
      "",
      business,
    ].join("\n"),
  };
}

/** Builds the archive, stores it, and e-mails the link; a repeat after it was sent finds nothing to do. */
async function buildExport(exportId: string, now: Date): Promise<void> {
  const db = getDb();
  const [row] = await db.select().from(dataExport).where(eq(dataExport.id, exportId));
  // Gone (the member was erased) or done already (a job run twice).
  if (!row || row.status !== "building") return;
  const [member] = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(user.id, row.memberId));
  const [recipient] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, row.recipientId));
  if (!member || !recipient) return;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "relentless-export-"));
  const key = `exports/${crypto.randomBytes(16).toString("hex")}.zip`;
  const storage = getStorage();
  try {
    const file = path.join(dir, "data.zip");
    await writeMemberArchive(member, file, now);
    const { size } = await fs.promises.stat(file);
    await storage.putStream(key, fs.createReadStream(file), size, "application/zip");
    const token = crypto.randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + LINK_HOURS * HOUR);
    const [ready] = await db
      .update(dataExport)
      .set({ status: "ready", tokenHash: hashOf(token), storageKey: key, bytes: size, readyAt: now, expiresAt })
      .where(and(eq(dataExport.id, exportId), eq(dataExport.status, "building")))
      .returning({ id: dataExport.id });
    if (!ready) {
      await storage.delete([key]);
      return;
    }
    const link = `${getEnv().BASE_URL}${DOWNLOAD_PATH}?token=${token}`;
    try {
      await sendMail({ to: recipient.email, ...exportMail(row.memberId === row.recipientId ? "own" : "member", recipient, member, link, expiresAt, await getBusinessName()) });
    } catch (error) {
      // Not sent: back to building, so the retry makes a new archive and a new link.
      await db.update(dataExport).set({ status: "building", tokenHash: null, storageKey: null, bytes: null, readyAt: null, expiresAt: null }).where(eq(dataExport.id, exportId));
      await storage.delete([key]);
      throw error;
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export const exportJob = defineJob({
  kind: "member-data.export",
  payload: z.object({ exportId: z.string() }),
  // Years of workouts and a thousand photos: minutes, not seconds.
  leaseMs: 30 * 60_000,
  maxAttempts: 4,
  run: async ({ exportId }, { now }) => buildExport(exportId, now),
});

/** An archive the link opened: its bytes, their size, and the day it was made (the file's name). */
export interface ExportDownload {
  body: Readable;
  bytes: number;
  madeOn: string;
}

/**
 * A download: the link's token, for the signed-in person it was made for, unused and in
 * time. The file is opened first and the link marked used last, in one statement that
 * finds it unused, so two clicks at once download once and a file that cannot be read
 * leaves the link working. Only the request that delivers the file may call this (the
 * route decides which one does: decision 0114). Every refusal is the same 404: an unknown,
 * used, expired or someone else's link look alike.
 */
export async function openExportDownload(viewer: Pick<SessionUser, "id">, token: string): Promise<ExportDownload> {
  const now = new Date();
  const db = getDb();
  const usable = and(
    eq(dataExport.tokenHash, hashOf(token)),
    eq(dataExport.recipientId, viewer.id),
    eq(dataExport.status, "ready"),
    isNull(dataExport.usedAt),
    gt(dataExport.expiresAt, now),
    isNotNull(dataExport.storageKey),
  );
  const [row] = await db.select({ id: dataExport.id, key: dataExport.storageKey, readyAt: dataExport.readyAt }).from(dataExport).where(usable);
  const stored = row?.key ? await getStorage().get(row.key) : null;
  if (!row || !stored) throw new AppError(404, LINK_NOT_FOUND);
  const [spent] = await db
    .update(dataExport)
    .set({ usedAt: now })
    .where(and(eq(dataExport.id, row.id), usable))
    .returning({ id: dataExport.id });
  if (!spent) {
    stored.body.destroy();
    throw new AppError(404, LINK_NOT_FOUND);
  }
  return { body: stored.body, bytes: stored.bytes, madeOn: (row.readyAt ?? now).toISOString().slice(0, 10) };
}

/** Archives downloaded (an hour ago) or expired are deleted; builds that gave up are marked failed; rows of a month ago go. */
export async function sweepExports(now: Date): Promise<number> {
  const db = getDb();
  await db
    .update(dataExport)
    .set({ status: "failed" })
    .where(and(eq(dataExport.status, "building"), lt(dataExport.createdAt, new Date(now.getTime() - BUILD_GIVES_UP_MS))));
  const done = await db
    .select({ id: dataExport.id, key: dataExport.storageKey })
    .from(dataExport)
    .where(and(isNotNull(dataExport.storageKey), or(lt(dataExport.expiresAt, now), lt(dataExport.usedAt, new Date(now.getTime() - KEEP_AFTER_USE_MS)))));
  for (const archive of done) {
    try {
      await getStorage().delete([archive.key!]);
      await db.update(dataExport).set({ storageKey: null }).where(eq(dataExport.id, archive.id));
    } catch (error) {
      // Kept for the next sweep: the row still names the file.
      getLogger().error({ err: error instanceof Error ? error.message : String(error), exportId: archive.id }, "could not delete a data export archive");
    }
  }
  await db.delete(dataExport).where(and(isNull(dataExport.storageKey), lt(dataExport.createdAt, new Date(now.getTime() - KEEP_ROWS_MS))));
  return done.length;
}

export const sweepExportsJob = defineRecurringJob({
  kind: "member-data.sweep-exports",
  repeat: everyHour,
  maxAttempts: 1,
  run: async (_payload, { now }) => {
    await sweepExports(now);
  },
});
