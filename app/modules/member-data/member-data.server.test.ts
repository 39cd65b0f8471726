/**
 * A member's data classified, taken out and erased, on the real database and storage, with
 * seed:demo's demo member filled into every table (one fill for the three, in this order):
 * the catalogue against the live schema (a table nobody classified, or a row naming the
 * member that the catalogue misses, fails); the export's ZIP against the catalogue and the
 * schema, the one-time link for its recipient only, the limits; then the erasure's refusals,
 * and afterwards no table holding the member's id or e-mail and no stored file of theirs.
 */
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailedToken, outboxMails } from "~/../tests/support/outbox";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { memberPlan } from "~/db/schema/billing";
import { user } from "~/db/schema/auth";
import { contactSubmission } from "~/db/schema/contacts";
import { signInThrottle } from "~/db/schema/limits";
import { dataExport } from "~/db/schema/member-data";
import { progressEntry } from "~/db/schema/progress";
import { runDueJobs } from "~/jobs.server";
import { AppError } from "~/lib/app-error";
import { dataPath } from "~/lib/data-dir.server";
import { LocalFileStorage, resetStorage } from "~/lib/storage.server";
import { postMessage } from "~/modules/messages/messages.server";
import { storedFiles } from "~/modules/uploads/uploads.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { catalogue, isPersonal, tableName, type Member } from "./catalogue.server";
import { PLAN_STILL_LIVE } from "./catalogue-billing.server";
import { ALREADY_BUILDING, DOWNLOAD_PATH, LINK_NOT_FOUND, openExportDownload, requestMemberExport, requestOwnExport, sweepExports, TOO_MANY_TODAY, type ExportDownload } from "./data-exports.server";
import { ERASED_SUMMARY, eraseMember, getErasureReport, ONLY_MEMBERS } from "./erasure.server";
import { bytesOf, fillMemberData, liveTables, readZip, rowsTheCatalogueMisses, tablesHolding, type FilledData } from "./member-data.test-support";

let data: FilledData;
const as = (m: { id: string; email: string }, role: "member" | "trainer" | "admin") => ({ id: m.id, email: m.email, role });
let member: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let trainer: ReturnType<typeof as>;

beforeAll(async () => {
  data = await fillMemberData();
  member = as(data.member, "member");
  other = as(data.other, "member");
  const [a] = await getDb().select().from(user).where(eq(user.id, data.adminId));
  const [t] = await getDb().select().from(user).where(eq(user.id, data.trainerId));
  admin = as(a!, "admin");
  trainer = as(t!, "trainer");
}, 120_000);

afterEach(() => resetStorage());

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await getDb().execute(query)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n ?? 0;
}

/** Builds what is waiting and gives the newest link mailed to `email`. */
async function linkFor(email: string): Promise<string> {
  await runDueJobs();
  return mailedToken(email, DOWNLOAD_PATH);
}

/** The newest export e-mail to `email` (a run of the jobs may also send a Sunday's check-in reminders). */
const exportMailTo = (email: string): string =>
  outboxMails()
    .filter((m) => m.includes(`To: ${email}`) && m.includes(DOWNLOAD_PATH))
    .at(-1)!;

const target = (): Member => ({ id: data.member.id, email: data.member.email, name: data.member.name });

describe("the catalogue", () => {
  it("classifies every table of the live schema once, and no table the schema lacks", async () => {
    const classified = catalogue.map((entry) => tableName(entry.table));
    expect(new Set(classified).size, "a table classified twice").toBe(classified.length);
    expect([...classified].sort()).toEqual(await liveTables());
  });

  it("covers every table where any column holds the member's id or e-mail, and finds every such row", async () => {
    const holding = Object.keys(await tablesHolding(target()));
    // The demo member's data reaches well beyond their own tables: a real test of the scan.
    expect(holding).toEqual(expect.arrayContaining(["users", "set_logs", "messages", "jobs", "audit_log", "sign_in_throttle", "contact_submissions", "verifications"]));
    const personal = new Set(catalogue.filter(isPersonal).map((entry) => tableName(entry.table)));
    expect(holding.filter((name) => !personal.has(name)), "tables holding the member but classified as not personal").toEqual([]);
    expect(await rowsTheCatalogueMisses(target())).toEqual({});
  });

  it("gives every table a reason: how its rows are the member's, or why none is", () => {
    for (const entry of catalogue) expect((isPersonal(entry) ? entry.how : entry.notPersonal).length, tableName(entry.table)).toBeGreaterThan(10);
    // And a name in words for what its rows are, as the erasure report shows it.
    for (const entry of catalogue.filter(isPersonal)) expect(entry.kind, tableName(entry.table)).toMatch(/^[A-Z][a-z' -]+$/i);
  });
});

describe("the export", () => {
  let files: Map<string, Buffer>;

  it("is one ZIP with a JSON file for every table of the catalogue but the site's internal ones, each with all the member's rows, and every other table holding their id among them", async () => {
    await requestOwnExport(member);
    const token = await linkFor(member.email);
    const mail = exportMailTo(member.email);
    expect(mail).toContain("works once");
    const download = await openExportDownload(member, token);
    expect(download.madeOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bytes = await bytesOf(download);
    expect(bytes.length).toBe(download.bytes);
    files = await readZip(bytes);
    for (const entry of catalogue.filter(isPersonal)) {
      const name = `data/${tableName(entry.table)}.json`;
      expect(files.has(name), name).toBe(!entry.internal);
      if (entry.internal) continue;
      const rows = JSON.parse(files.get(name)!.toString()) as unknown[];
      // The export job's own row turned ready after it was written: data_exports is read as it was.
      const expected = await countOf(sql`select count(*)::int as n from ${entry.table} where ${entry.rows(target())}`);
      if (tableName(entry.table) !== "data_exports") expect(rows.length, name).toBe(expected);
    }
    // The schema's view: every table with a row naming the member has rows in the archive.
    const internal = new Set(catalogue.filter((entry) => isPersonal(entry) && entry.internal).map((entry) => tableName(entry.table)));
    for (const [table, hits] of Object.entries(await tablesHolding(target()))) {
      if (internal.has(table)) continue;
      const rows = JSON.parse(files.get(`data/${table}.json`)?.toString() ?? "[]") as unknown[];
      expect(rows.length, table).toBeGreaterThanOrEqual(Math.min(hits, 1));
    }
  });

  it("leaves secrets out, and holds CSVs, the photos by date, the message images and a README", async () => {
    const rowsOf = (table: string) => JSON.parse(files.get(`data/${table}.json`)!.toString()) as Array<Record<string, unknown>>;
    expect(rowsOf("accounts")[0]).not.toHaveProperty("password");
    expect(rowsOf("accounts")[0]).toHaveProperty("provider_id");
    expect(rowsOf("sessions")[0]).not.toHaveProperty("token");
    expect(rowsOf("two_factor")[0]).not.toHaveProperty("secret");
    expect(rowsOf("users")[0]).toMatchObject({ email: data.member.email, name: data.member.name });
    expect(rowsOf("audit_log").length).toBeGreaterThan(1);
    for (const entry of rowsOf("audit_log")) expect(entry).not.toHaveProperty("ip");
    // An address that says nothing (all zeros) is left out, a real one kept.
    const sessions = rowsOf("sessions");
    expect(sessions.map((s) => s.ip_address ?? null).sort()).toEqual(["203.0.113.9", null]);
    expect(sessions.find((s) => s.user_agent === "Laptop")).not.toHaveProperty("ip_address");

    const sets = await countOf(sql`select count(*)::int as n from set_logs where user_id = ${data.member.id}`);
    const csv = files.get("csv/workout-sets.csv")!.toString().trim().split("\r\n");
    expect(csv[0]).toBe("Date,Workout,Exercise,Set,Weight (kg),Reps,RPE,Seconds,Metres");
    expect(csv.length - 1).toBe(sets);
    for (const name of ["csv/progress-entries.csv", "csv/check-ins.csv", "csv/training-sessions.csv", "csv/goals.csv"]) {
      expect(files.get(name)!.toString().split("\r\n").length, name).toBeGreaterThan(2);
    }

    const photos = [...files.keys()].filter((n) => n.startsWith("photos/"));
    expect(photos.length).toBe(await countOf(sql`select count(*)::int as n from progress_photos where user_id = ${data.member.id}`));
    for (const name of photos) {
      expect(name).toMatch(/^photos\/\d{4}-\d{2}-\d{2}-(?:front|side|back)(?:-\d+)?\.jpg$/);
      expect(files.get(name)!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    expect([...files.keys()].filter((n) => n.startsWith("message-images/"))).toEqual([expect.stringMatching(/^message-images\/\d{4}-\d{2}-\d{2}-message-\d+\.jpg$/)]);
    expect(files.get("README.txt")!.toString()).toContain("data/set_logs.json");
    // The site's own bookkeeping is not the member's data: the job queue, sign-in limits, reset links.
    for (const table of ["jobs", "sign_in_throttle", "request_limits", "verifications", "two_factor_challenges"]) {
      expect(files.has(`data/${table}.json`), table).toBe(false);
      expect(files.get("README.txt")!.toString(), table).not.toContain(`data/${table}.json`);
    }
  });

  it("downloads once, only for the person it was made for: everyone else gets the 'not found' of a made-up link", async () => {
    // Wait a day's limit out: the rows of earlier requests are a day old.
    await getDb().update(dataExport).set({ createdAt: sql`${dataExport.createdAt} - interval '25 hours'` });
    await requestOwnExport(member);
    const token = await linkFor(member.email);
    for (const someone of [other, admin, trainer]) expect((await refusal(openExportDownload(someone, token))).message).toBe(LINK_NOT_FOUND);
    expect((await refusal(openExportDownload(member, "made-up-token"))).status).toBe(404);
    // Two clicks at once: one download.
    const both = await Promise.allSettled([openExportDownload(member, token), openExportDownload(member, token)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const won = both.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<ExportDownload>;
    expect((await bytesOf(won.value)).subarray(0, 2).toString()).toBe("PK");
    expect((await refusal(openExportDownload(member, token))).message).toBe(LINK_NOT_FOUND);
  });

  it("stops working after 24 hours, and the sweep deletes expired and downloaded archives", async () => {
    await requestOwnExport(member);
    const token = await linkFor(member.email);
    const stored = storedFiles().filter((k) => k.startsWith("exports/"));
    expect(stored.length).toBeGreaterThan(0);
    await getDb().update(dataExport).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${dataExport.usedAt} is null`);
    expect((await refusal(openExportDownload(member, token))).message).toBe(LINK_NOT_FOUND);
    await sweepExports(new Date(Date.now() + 2 * 3_600_000));
    expect(storedFiles().filter((k) => k.startsWith("exports/"))).toEqual([]);
    expect(await countOf(sql`select count(*)::int as n from data_exports where storage_key is not null`)).toBe(0);
    // A month on, the rows themselves go.
    const rows = await countOf(sql`select count(*)::int as n from data_exports`);
    await sweepExports(new Date(Date.now() + 31 * 24 * 3_600_000));
    expect(await countOf(sql`select count(*)::int as n from data_exports`)).toBeLessThan(rows);
    expect(await countOf(sql`select count(*)::int as n from data_exports where created_at > now() - interval '1 hour'`)).toBe(0);
  });

  it("refuses a second request while one is being prepared, and more than three a day", async () => {
    await getDb().update(dataExport).set({ createdAt: sql`${dataExport.createdAt} - interval '25 hours'` });
    const both = await Promise.allSettled([requestOwnExport(member), requestOwnExport(member)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: ALREADY_BUILDING });
    await runDueJobs();
    await requestOwnExport(member);
    await runDueJobs();
    await requestOwnExport(member);
    await runDueJobs();
    expect(await refusal(requestOwnExport(member))).toMatchObject({ status: 429, message: TOO_MANY_TODAY });
  });

  it("reads a big account a page at a time and leaves nothing out", async () => {
    const values = Array.from({ length: 1_201 }, (_, i) => ({ id: `big-${i}`, userId: data.other.id, kind: "weight", recordedOn: "2025-01-01", value: 80 + i / 1000 }));
    await getDb().insert(progressEntry).values(values);
    await requestOwnExport(other);
    const zip = await readZip(await bytesOf(await openExportDownload(other, await linkFor(other.email))));
    expect((JSON.parse(zip.get("data/progress_entries.json")!.toString()) as unknown[]).length).toBe(1_202);
    expect(zip.get("csv/progress-entries.csv")!.toString().trim().split("\r\n")).toHaveLength(1_203);
    await getDb().delete(progressEntry).where(sql`${progressEntry.id} like 'big-%'`);
  });

  it("lets an administrator export any member, the link mailed to and working for that administrator only; no one else may", async () => {
    await requestMemberExport(admin, data.member.id);
    const token = await linkFor(admin.email);
    expect(exportMailTo(admin.email)).toContain(`The data export of ${data.member.name} is ready`);
    expect((await refusal(openExportDownload(member, token))).status).toBe(404);
    expect((await bytesOf(await openExportDownload(admin, token))).subarray(0, 2).toString()).toBe("PK");
    expect((await refusal(requestMemberExport(trainer, data.member.id))).status).toBe(403);
    expect((await refusal(requestMemberExport(other, data.member.id))).status).toBe(403);
    expect((await refusal(requestMemberExport(admin, "no-such-user"))).status).toBe(404);
  });
});

describe("erasure", () => {
  const form = (email: string, applications = true) => ({ confirmEmail: email, ...(applications ? { applications: "on" } : {}) });

  it("is refused to non-administrators, for the administrator themself, for staff, for a wrong confirmation and an unknown user, and changes nothing", async () => {
    const before = await tablesHolding(target());
    expect((await refusal(eraseMember(trainer, data.member.id, form(data.member.email)))).status).toBe(403);
    expect((await refusal(eraseMember(other, data.member.id, form(data.member.email)))).status).toBe(403);
    expect(await refusal(eraseMember(admin, admin.id, form(admin.email)))).toMatchObject({ status: 409, message: "You cannot erase your own account." });
    expect(await refusal(eraseMember(admin, trainer.id, form(trainer.email)))).toMatchObject({ status: 409, message: ONLY_MEMBERS });
    const wrong = await refusal(eraseMember(admin, data.member.id, form(data.other.email)));
    expect(wrong.status).toBe(400);
    expect(wrong.fieldErrors).toHaveProperty("confirmEmail");
    expect((await refusal(eraseMember(admin, "no-such-user", form("x@y.z")))).status).toBe(404);
    // The demo member's weekly package is still running (billing erasure: member-data-billing.server.test.ts).
    expect(await refusal(eraseMember(admin, data.member.id, form(data.member.email)))).toMatchObject({ status: 409, message: PLAN_STILL_LIVE });
    expect(await tablesHolding(target())).toEqual(before);
    // Cancelled, as the billing page's 'Cancel' leaves it: it ends after the paid period.
    await getDb().update(memberPlan).set({ endsOn: sql`${memberPlan.paidThrough}`, cancelRequestedAt: new Date() }).where(eq(memberPlan.memberId, data.member.id));
  });

  it("leaves no row in any table holding the member's id or e-mail, no stored file of theirs, one audit line, and a report", async () => {
    await requestOwnExport(member).catch(() => undefined);
    await runDueJobs();
    const theirFiles = await memberFiles(target());
    expect(theirFiles.length).toBeGreaterThan(3);
    expect(storedFiles()).toEqual(expect.arrayContaining(theirFiles));

    const reportId = await eraseMember(admin, data.member.id, form(` ${data.member.email.toUpperCase()} `));

    expect(await tablesHolding(target())).toEqual({});
    // The name is gone from free text too (the audit log's summaries).
    expect(await countOf(sql`select count(*)::int as n from audit_log where position(${data.member.name} in summary) > 0`)).toBe(0);
    const [line] = await getDb().select().from(auditLog).where(eq(auditLog.action, "member.erased"));
    expect(line).toMatchObject({ actorId: admin.id, summary: ERASED_SUMMARY, targetType: "erasure_report", targetId: reportId });
    const report = await getErasureReport(admin, reportId);
    expect(report.by).toBe(admin.email);
    expect(report.files).toBe(theirFiles.length);
    expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining(["set_logs", "workouts", "progress_photos", "check_ins", "messages", "sessions", "invitations", "contact_submissions", "users"]));
    // Each kind of data named in words a coach reads, never a table's name.
    const kinds = new Map(report.tables.map((t) => [t.table, t.kind]));
    expect(kinds.get("set_logs")).toBe("Workout sets");
    expect(kinds.get("program_blocks")).toBe("Program exercises");
    expect(kinds.get("users")).toBe("Account");
    for (const t of report.tables) expect(t.kind, t.table).not.toMatch(/_/);

    await runDueJobs();
    expect(storedFiles().filter((k) => theirFiles.includes(k))).toEqual([]);
    // Whatever is left in storage belongs to a row that is left.
    expect(storedFiles().filter((k) => !k.startsWith("images/") && !k.startsWith("documents/"))).toEqual((await namedPrivateFiles()).sort());

    // Another member's data is theirs still.
    expect(await countOf(sql`select count(*)::int as n from progress_entries where user_id = ${data.other.id}`)).toBe(1);
    const [throttle] = await getDb().select().from(signInThrottle).where(eq(signInThrottle.key, "address:203.0.113.9"));
    expect(throttle?.accounts).toEqual([data.other.email]);
    expect(await getDb().select().from(contactSubmission).where(eq(contactSubmission.email, data.other.email))).toHaveLength(1);
  });

  it("keeps applications from the same e-mail unless the administrator asks", async () => {
    await eraseMember(admin, data.other.id, form(data.other.email, false));
    expect(Object.keys(await tablesHolding({ id: data.other.id, email: data.other.email, name: data.other.name }))).toEqual(["contact_submissions"]);
    expect(await getDb().select().from(progressEntry).where(eq(progressEntry.userId, data.other.id))).toEqual([]);
  });

  it("erases once when two administrators erase the same member at once", async () => {
    const twice = await createUserWithPassword({ email: "tw@member-data.test", password: "member-data-pass-1", name: "Twyla Twice", role: "member" });
    const reports = await countOf(sql`select count(*)::int as n from erasure_reports`);
    const both = await Promise.allSettled([eraseMember(admin, twice.id, form(twice.email)), eraseMember(admin, twice.id, form(twice.email))]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((both.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 404 });
    expect(await countOf(sql`select count(*)::int as n from erasure_reports`)).toBe(reports + 1);
  });

  it("deletes the files after commit through a job that retries while storage is down", async () => {
    const again = await newMemberWithAnImage();
    const keys = await memberFiles(again);
    expect(keys.length).toBeGreaterThan(0);
    class DownStorage extends LocalFileStorage {
      down = true;
      override async delete(k: string[]): Promise<void> {
        if (this.down) throw new Error("storage is unreachable");
        return super.delete(k);
      }
    }
    const storage = new DownStorage(dataPath("uploads"));
    resetStorage(storage);
    await eraseMember(admin, again.id, form(again.email));
    const failed = await runDueJobs();
    expect(failed.some((o) => o.kind === "member-data.delete-files" && o.status === "pending")).toBe(true);
    expect(storedFiles()).toEqual(expect.arrayContaining(keys));
    storage.down = false;
    await runDueJobs({ now: new Date(Date.now() + 3_600_000) });
    expect(storedFiles().filter((k) => keys.includes(k))).toEqual([]);
  });
});

/** Keys of the member's stored files, as the catalogue finds them. */
async function memberFiles(m: Member): Promise<string[]> {
  const keys: string[] = [];
  for (const entry of catalogue.filter(isPersonal)) {
    if (!entry.files) continue;
    const result = (await getDb().execute(entry.files(m))) as unknown as { rows: Array<{ key: string | null }> };
    for (const row of result.rows) if (row.key) keys.push(row.key);
  }
  return keys;
}

/** Keys of every private file some row still names: progress photos, message images, export archives. */
async function namedPrivateFiles(): Promise<string[]> {
  const result = (await getDb().execute(sql`
    select v->>'key' as key from progress_photos, jsonb_array_elements(variants) v
    union all select v->>'key' from messages, jsonb_array_elements(image->'variants') v where image is not null
    union all select storage_key from data_exports where storage_key is not null`)) as unknown as { rows: Array<{ key: string }> };
  return result.rows.map((r) => r.key);
}

/** A third member with a message image, to erase while storage is down. */
async function newMemberWithAnImage(): Promise<Member> {
  const created = await createUserWithPassword({ email: "dora@member-data.test", password: "member-data-pass-1", name: "Dora Down", role: "member" });
  const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#111111" } }).jpeg().toBuffer();
  await postMessage({ id: created.id, email: created.email, name: created.name, role: "member" }, created.id, { body: "hi", image: new File([new Uint8Array(image)], "a.jpg") });
  return { id: created.id, email: created.email, name: created.name };
}
