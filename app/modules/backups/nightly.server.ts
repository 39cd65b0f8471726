/**
 * Nightly backups (decision 0078): a recurring job on the job store (one run across every
 * process: SKIP LOCKED claims, one row per night) writes an archive named by its time into
 * DATA_DIR/backups, or `backups/` in the bucket when the files live in S3, keeps the
 * newest N (a setting of /admin/settings), and records the outcome for /admin/settings
 * and the admin dashboard.
 */
import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDatabase, getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { dataPath } from "~/lib/data-dir.server";
import { defineRecurringJob, type Repeat } from "~/lib/jobs.server";
import { getLogger } from "~/lib/logger.server";
import { getStorage, LocalFileStorage, type FileStorage } from "~/lib/storage.server";
import { addDays, todayIn, zonedToUtc } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { BACKUPS_PREFIX } from "./backup-errors";
import { backupSettingsSchema, DEFAULT_BACKUPS_KEPT, type BackupSettings } from "./backup-settings.schema";
import { generatedSecret, writeBackup } from "./write-backup.server";

const SETTINGS_KEY = "backups";
const STATUS_KEY = "backup-status";

const statusSchema = z.object({
  lastSuccessAt: z.string().nullable(),
  lastBytes: z.number().nullable(),
  /** Set by a failed run, cleared by the next one that succeeds. */
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof statusSchema>;
const noStatus: BackupStatus = { lastSuccessAt: null, lastBytes: null, lastFailureAt: null, lastError: null };

async function readSettingRows(): Promise<Map<string, unknown>> {
  const rows = await getDb()
    .select({ key: siteSetting.key, value: siteSetting.value })
    .from(siteSetting)
    .where(inArray(siteSetting.key, [SETTINGS_KEY, STATUS_KEY]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

async function writeSetting(key: string, value: object): Promise<void> {
  await getDb()
    .insert(siteSetting)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value, updatedAt: new Date() } });
}

/** How many nightly backups are kept, and how the last ones went. */
export async function readBackups(): Promise<BackupSettings & BackupStatus> {
  const rows = await readSettingRows();
  const settings = backupSettingsSchema.safeParse(rows.get(SETTINGS_KEY));
  const status = statusSchema.safeParse(rows.get(STATUS_KEY));
  return { keep: settings.success ? settings.data.keep : DEFAULT_BACKUPS_KEPT, ...(status.success ? status.data : noStatus) };
}

/** The settings page's 'Backups kept' (administrators only). Throws a ZodError for a wrong number. */
export async function setBackupsKept(actor: Pick<SessionUser, "id" | "email" | "role">, input: unknown): Promise<BackupSettings> {
  ensureCan(actor, "siteSettings", "update");
  const next = backupSettingsSchema.parse(input);
  await writeSetting(SETTINGS_KEY, next);
  await recordAudit({ action: "settings.updated", actor, target: { type: "site_settings", id: SETTINGS_KEY }, summary: `Nightly backups kept: ${next.keep}` });
  return next;
}

/** For /admin/settings and the dashboard. */
export async function readBackupsForAdmin(actor: Pick<SessionUser, "role">): Promise<BackupSettings & BackupStatus & { where: string }> {
  ensureCan(actor, "siteSettings", "read");
  return { ...(await readBackups()), where: getStorage() instanceof LocalFileStorage ? "DATA_DIR/backups" : "the bucket's backups/ folder" };
}

/** "relentless-2026-11-27T02-00-00Z.zip": sorts by time, and is a valid storage key segment. */
export const backupName = (at: Date) => `relentless-${at.toISOString().replace(/\.\d{3}Z$/, "Z").replaceAll(":", "-")}.zip`;
const NAME = /^relentless-[\dT-]+Z\.zip$/;

/** Where the kept backups live: a folder of DATA_DIR, or the bucket. */
interface KeptBackups {
  /** Writes a new archive under `name`; returns its size. */
  write(name: string): Promise<number>;
  /** The kept archives' names, oldest first. */
  list(): Promise<string[]>;
  remove(names: string[]): Promise<void>;
}

function keptBackups(storage: FileStorage): KeptBackups {
  const source = () => ({ database: getDatabase(), storage, secret: generatedSecret() });
  const folder = dataPath("backups");
  if (storage instanceof LocalFileStorage) {
    return {
      write: async (name) => (await writeBackup(source(), path.join(folder, name))).bytes,
      list: async () => (fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => NAME.test(name)).sort() : []),
      remove: async (names) => names.forEach((name) => fs.rmSync(path.join(folder, name), { force: true })),
    };
  }
  return {
    // Written whole on local disk first (the ZIP is streamed into a file), then streamed into the bucket.
    write: async (name) => {
      const local = path.join(folder, `${name}.upload`);
      fs.rmSync(local, { force: true });
      try {
        const { bytes } = await writeBackup(source(), local);
        await storage.putStream(`${BACKUPS_PREFIX}${name}`, fs.createReadStream(local), bytes, "application/zip");
        return bytes;
      } finally {
        fs.rmSync(local, { force: true });
      }
    },
    list: async () => {
      const names: string[] = [];
      for await (const key of storage.list()) {
        const name = key.slice(BACKUPS_PREFIX.length);
        if (key.startsWith(BACKUPS_PREFIX) && NAME.test(name)) names.push(name);
      }
      return names.sort();
    },
    remove: (names) => storage.delete(names.map((name) => `${BACKUPS_PREFIX}${name}`)),
  };
}

/** One nightly backup: written, the oldest beyond the number kept removed, the outcome recorded. */
async function runNightlyBackup(now: Date): Promise<void> {
  const before = await readBackups();
  const kept = keptBackups(getStorage());
  try {
    const bytes = await kept.write(backupName(now));
    const names = await kept.list();
    await kept.remove(names.slice(0, Math.max(0, names.length - before.keep)));
    await writeSetting(STATUS_KEY, { lastSuccessAt: now.toISOString(), lastBytes: bytes, lastFailureAt: null, lastError: null } satisfies BackupStatus);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    getLogger().error({ err: error }, "the nightly backup failed");
    const failed: BackupStatus = { lastSuccessAt: before.lastSuccessAt, lastBytes: before.lastBytes, lastFailureAt: now.toISOString(), lastError: message.slice(0, 500) };
    await writeSetting(STATUS_KEY, failed);
    throw error;
  }
}

/** When the nightly backup runs: this wall-clock time in the site's time zone, when the site is quietest. */
export const NIGHTLY_AT = "02:00";

/** Every night at `time` in the site's time zone (read at each scheduling: a new zone moves the next night). */
export function everyNightInSiteZone(time: string): Repeat {
  return {
    next: async (after) => {
      const { timeZone } = await getSiteSettings();
      const today = todayIn(timeZone, after);
      const tonight = zonedToUtc(today, time, timeZone);
      return tonight > after ? tonight : zonedToUtc(addDays(today, 1), time, timeZone);
    },
  };
}

export const nightlyBackupJob = defineRecurringJob({
  kind: "backups.nightly",
  // While the site's members sleep: a backup on PGlite holds its one connection while it reads.
  repeat: everyNightInSiteZone(NIGHTLY_AT),
  run: (_payload, { now }) => runNightlyBackup(now),
  // A large site's archive takes minutes: another process takes over only after an hour.
  leaseMs: 60 * 60_000,
  maxAttempts: 3,
  retryDelayMs: () => 15 * 60_000,
});
