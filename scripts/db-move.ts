/**
 * npm run db:move -- --to postgres://…
 * Copies the embedded database of DATA_DIR into an empty PostgreSQL database, compares
 * every table's row count and checksum, and says what to set next (decision 0077).
 */
import { parseArgs } from "node:util";
import type { Database } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { BackupError } from "~/modules/backups/backup-errors";
import { moveDatabase } from "~/modules/backups/move-database.server";
import { displayUrl, openPostgres, openSourceDatabase } from "~/modules/backups/targets.server";
import { runCommand } from "./cli";

const usage = "Usage: npm run db:move -- --to postgres://user:password@host:5432/database";

await runCommand(async () => {
  let to: string | undefined;
  try {
    ({ values: { to } } = parseArgs({ options: { to: { type: "string" } }, strict: true }));
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${usage}`);
  }
  if (!to || !/^postgres(?:ql)?:\/\//.test(to)) throw new BackupError(usage);
  const env = getEnv();
  if (env.DATABASE_URL) throw new BackupError("DATABASE_URL is set: this site runs on PostgreSQL already. db:move copies the embedded database of DATA_DIR; unset DATABASE_URL to run it.");
  const source = await openSourceDatabase({ dataDir: env.DATA_DIR });
  let target: Database | undefined;
  try {
    target = await openPostgres(to);
    const tables = await moveDatabase(source, target);
    const width = Math.max(...tables.map((t) => t.name.length));
    for (const table of tables) console.log(`  ${table.name.padEnd(width)}  ${String(table.rows).padStart(7)} rows  checksum ${table.checksum.slice(0, 12)}…  same in both`);
    const rows = tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`\nCopied ${tables.length} tables with ${rows} rows to ${displayUrl(to)}; every table's row count and checksum match the embedded database's.`);
    console.log(`\nNext: stop using the embedded database. Set DATABASE_URL=${displayUrl(to)} (with its password) and start the server.`);
    console.log("Keep the same DATA_DIR (its auth-secret signs sessions and protects two-factor secrets) or set AUTH_SECRET to the content of DATA_DIR/auth-secret.");
    console.log("Uploaded files stay in DATA_DIR/uploads; to move them to S3, set the S3_* variables and run npm run storage:move.");
    console.log(`The embedded database in ${env.DATA_DIR}/db is left as it was.`);
  } finally {
    await target?.close();
    await source.close();
  }
});
