/**
 * npm run backup -- --out FILE
 * One archive of the database and every stored file, with a manifest of counts and
 * checksums (decision 0075). On PostgreSQL it runs beside the server; on PGlite, with the
 * server stopped or through the running server (decision 0076).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import type { Database } from "~/db/client.server";
import { DataDirLockedError } from "~/db/lock.server";
import { getEnv } from "~/lib/env.server";
import { createStorage } from "~/lib/storage.server";
import { requestBackupFromServer } from "~/modules/backups/backup-channel.server";
import { BackupError } from "~/modules/backups/backup-errors";
import { describeBackup } from "~/modules/backups/describe";
import { openSourceDatabase } from "~/modules/backups/targets.server";
import { generatedSecret, writeBackup } from "~/modules/backups/write-backup.server";
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
  // npm runs scripts in the project folder: a relative path means the folder the command was typed in.
  out = path.resolve(process.env.INIT_CWD ?? process.cwd(), out);
  const env = getEnv();
  let database: Database;
  try {
    database = await openSourceDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The server runs on this DATA_DIR and holds the embedded database: it writes the archive itself.
    console.log("The server is running on this DATA_DIR: asking it to write the backup…");
    const summary = await requestBackupFromServer(env.DATA_DIR, out);
    if (!summary) throw error;
    console.log(`Backup written to ${summary.file}: ${describeBackup(summary.manifest, summary.bytes)}.`);
    return;
  }
  try {
    const summary = await writeBackup({ database, storage: createStorage(), secret: generatedSecret() }, out);
    console.log(`Backup written to ${summary.file}: ${describeBackup(summary.manifest, summary.bytes)}.`);
  } finally {
    await database.close();
  }
});
