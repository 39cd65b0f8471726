/**
 * npm run backup -- --out FILE
 * One archive of the database and every stored file, with a manifest of counts and
 * checksums (decision 0075). On PostgreSQL it runs beside the server.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { dataPath } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import { createStorage } from "~/lib/storage.server";
import { BackupError } from "~/modules/backups/backup-errors";
import { describeBackup } from "~/modules/backups/describe";
import { openSourceDatabase } from "~/modules/backups/targets.server";
import { writeBackup } from "~/modules/backups/write-backup.server";
import { runCommand } from "./cli";

const usage = "Usage: npm run backup -- --out FILE";

await runCommand(async () => {
  let out: string | undefined;
  try {
    ({ values: { out } } = parseArgs({ options: { out: { type: "string" } }, strict: true }));
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${usage}`);
  }
  if (!out) throw new BackupError(usage);
  const env = getEnv();
  const database = await openSourceDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const secretFile = dataPath("auth-secret");
    const secret = !env.AUTH_SECRET && fs.existsSync(secretFile) ? fs.readFileSync(secretFile, "utf8").trim() : undefined;
    const summary = await writeBackup({ database, storage: createStorage(), secret }, out);
    console.log(`Backup written to ${summary.file}: ${describeBackup(summary.manifest, summary.bytes)}.`);
  } finally {
    await database.close();
  }
});
