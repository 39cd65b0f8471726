/**
 * npm run backup -- --out FILE
 * One archive of the database and every stored file, with a manifest of counts and
 * checksums (decision 0075). On PostgreSQL it runs beside the server.
 */
import { parseArgs } from "node:util";
import { getEnv } from "~/lib/env.server";
import { createStorage } from "~/lib/storage.server";
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
  const env = getEnv();
  const database = await openSourceDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const summary = await writeBackup({ database, storage: createStorage(), secret: generatedSecret() }, out);
    console.log(`Backup written to ${summary.file}: ${describeBackup(summary.manifest, summary.bytes)}.`);
  } finally {
    await database.close();
  }
});
