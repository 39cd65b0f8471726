import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { job } from "~/db/schema/jobs";
import { siteSetting } from "~/db/schema/settings";
import { runDueJobs } from "~/jobs.server";
import { dataPath } from "~/lib/data-dir.server";
import { resetStorage, S3FileStorage } from "~/lib/storage.server";
import { defaultSiteSettings } from "~/modules/settings/settings-defaults";
import { S3_TEST_CREDENTIALS, startS3Server, type RunningS3 } from "../../../tests/support/s3-server";
import { DEFAULT_BACKUPS_KEPT } from "./backup-settings.schema";
import { backupName, everyNightInSiteZone, NIGHTLY_AT, nightlyBackupJob, readBackups, readBackupsForAdmin, setBackupsKept } from "./nightly.server";
import { openVerifiedArchive } from "./read-archive.server";

const admin = { id: null as unknown as string, email: "admin@backups.test", role: "admin" as const };
const folder = () => dataPath("backups");
const kept = () => (fs.existsSync(folder()) ? fs.readdirSync(folder()).sort() : []);

/**
 * The night of `day` at 02:00 UTC, with the job for it enqueued first (as the running worker
 * keeps it). The tests follow each other night after night: each night's run enqueues the next.
 */
async function runNight(day: string) {
  await runDueJobs({ now: new Date(`${day}T01:00:00Z`) });
  const outcomes = await runDueJobs({ now: new Date(`${day}T02:00:00Z`) });
  return outcomes.filter((o) => o.kind === nightlyBackupJob.kind);
}

describe("nightly backups", () => {
  let s3: RunningS3 | undefined;
  afterAll(async () => {
    resetStorage();
    await s3?.stop();
  });

  it("writes a whole archive named by its time into DATA_DIR/backups, keeps the newest N, and records the last one's time and size", async () => {
    expect((await readBackups()).keep).toBe(DEFAULT_BACKUPS_KEPT);
    await setBackupsKept(admin, { keep: "2" });
    for (const day of ["2026-03-01", "2026-03-02", "2026-03-03"]) expect(await runNight(day)).toMatchObject([{ status: "done" }]);

    expect(kept()).toEqual([backupName(new Date("2026-03-02T02:00:00Z")), backupName(new Date("2026-03-03T02:00:00Z"))]);
    const newest = path.join(folder(), kept()[1]!);
    const archive = await openVerifiedArchive(newest);
    archive.close();
    expect(archive.manifest.tables.map((t) => t.name)).toContain("users");
    expect(await readBackupsForAdmin(admin)).toMatchObject({
      keep: 2,
      lastSuccessAt: "2026-03-03T02:00:00.000Z",
      lastBytes: fs.statSync(newest).size,
      lastFailureAt: null,
      where: "DATA_DIR/backups",
    });
  });

  it("records a failed backup until a later one succeeds", async () => {
    fs.rmSync(folder(), { recursive: true, force: true });
    // Where the folder should be, a file: the archive cannot be written.
    fs.writeFileSync(folder(), "");
    expect(await runNight("2026-03-04")).toMatchObject([{ status: "pending" }]);
    const failed = await readBackups();
    expect(failed.lastFailureAt).toBe("2026-03-04T02:00:00.000Z");
    expect(failed.lastError).toContain("backups");

    fs.rmSync(folder());
    await runNight("2026-03-05");
    expect(await readBackups()).toMatchObject({ lastSuccessAt: "2026-03-05T02:00:00.000Z", lastFailureAt: null, lastError: null });
  });

  it("keeps them under backups/ in the bucket when the files live in S3, and leaves them out of later backups", async () => {
    s3 = await startS3Server("relentless-nightly");
    const storage = new S3FileStorage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, credentials: S3_TEST_CREDENTIALS });
    resetStorage(storage);
    await setBackupsKept(admin, { keep: "1" });
    await runNight("2026-03-06");
    await runNight("2026-03-07");
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual([`backups/${backupName(new Date("2026-03-07T02:00:00Z"))}`]);
    expect(await readBackupsForAdmin(admin)).toMatchObject({ lastFailureAt: null, where: "the bucket's backups/ folder" });
    // The second night's archive holds no copy of the first's.
    const downloaded = path.join(dataPath(), "downloaded.zip");
    await pipeline((await storage.get(keys[0]!))!.body, fs.createWriteStream(downloaded));
    const archive = await openVerifiedArchive(downloaded);
    archive.close();
    expect(archive.manifest.files.filter((f) => f.key.startsWith("backups/"))).toEqual([]);
  });

  it("lets only administrators set how many are kept, a whole number from 1 to 365, and records the change", async () => {
    await getDb().delete(auditLog);
    const before = (await readBackups()).keep;
    for (const role of ["member", "trainer"] as const) await expect(setBackupsKept({ ...admin, role }, { keep: "3" })).rejects.toMatchObject({ init: { status: 403 } });
    for (const keep of ["0", "366", "2.5", "abc", "", "1e2"]) await expect(setBackupsKept(admin, { keep })).rejects.toThrow();
    expect((await readBackups()).keep).toBe(before);
    expect(await getDb().select().from(auditLog)).toEqual([]);

    await setBackupsKept(admin, { keep: "30" });
    expect((await readBackups()).keep).toBe(30);
    expect(await getDb().select({ summary: auditLog.summary }).from(auditLog)).toEqual([{ summary: "Nightly backups kept: 30" }]);
  });

  it("runs at 02:00 in the site's time zone, summer time included", async () => {
    const repeat = everyNightInSiteZone(NIGHTLY_AT);
    const value = { ...defaultSiteSettings, timeZone: "America/New_York" };
    await getDb().insert(siteSetting).values({ key: "site", value }).onConflictDoUpdate({ target: siteSetting.key, set: { value } });
    try {
      // 02:00 in New York is 07:00 UTC in winter, 06:00 UTC in summer.
      expect(await repeat.next(new Date("2026-01-10T06:59:00Z"))).toEqual(new Date("2026-01-10T07:00:00Z"));
      expect(await repeat.next(new Date("2026-01-10T07:00:00Z"))).toEqual(new Date("2026-01-11T07:00:00Z"));
      expect(await repeat.next(new Date("2026-07-10T03:00:00Z"))).toEqual(new Date("2026-07-10T06:00:00Z"));
    } finally {
      await getDb().delete(siteSetting).where(eq(siteSetting.key, "site"));
    }
  });

  it("is one job per night however many processes keep it enqueued", async () => {
    await runDueJobs({ now: new Date("2026-03-08T01:00:00Z") });
    await runDueJobs({ now: new Date("2026-03-08T01:30:00Z") });
    const nights = await getDb().select({ key: job.key }).from(job).where(eq(job.kind, nightlyBackupJob.kind));
    expect(nights.filter((n) => n.key === `${nightlyBackupJob.kind}@2026-03-08T02:00:00.000Z`)).toHaveLength(1);
  });
});
