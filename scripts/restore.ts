/**
 * npm run restore -- FILE [--force]
 * Restores a backup archive into an empty DATA_DIR (or an empty PostgreSQL database and
 * storage): the whole archive is verified before anything is written, and the restored
 * rows are checked against its manifest before they are kept (decision 0075).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/lock.server";
import { ensurePrivateDir } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import { createStorage, LocalFileStorage } from "~/lib/storage.server";
import { BackupError } from "~/modules/backups/backup-errors";
import { describeBackup } from "~/modules/backups/describe";
import { openVerifiedArchive } from "~/modules/backups/read-archive.server";
import { restoreArchive } from "~/modules/backups/restore-archive.server";
import { clearTarget, describeContents, displayUrl, openPostgres, pgliteFolder, type TargetConfig } from "~/modules/backups/targets.server";
import { SECRET_ENTRY } from "~/modules/backups/manifest";
import { text } from "node:stream/consumers";
import { runCommand } from "./cli";

const usage = "Usage: npm run restore -- FILE [--force]";

await runCommand(async () => {
  let parsed: { values: { force?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${usage}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) throw new BackupError(usage);
  const force = parsed.values.force === true;
  // npm runs scripts in the project folder: a relative path means the folder the command was typed in.
  const archiveFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const env = getEnv();

  // All of it is read and checked before anything is written.
  const archive = await openVerifiedArchive(archiveFile);
  try {
    console.log(`Archive verified: ${describeBackup(archive.manifest, fs.statSync(archiveFile).size)}, made ${archive.manifest.createdAt} on ${archive.manifest.database === "postgres" ? "PostgreSQL" : "the embedded database"}.`);
    const secret = archive.manifest.secret ? (await text(await archive.open(SECRET_ENTRY))).trim() : undefined;
    const storage = createStorage();
    const config: TargetConfig = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, storage, secret };
    let database: Database | undefined;
    // On PGlite the lock keeps a running server's folder out of reach while it is checked (and moved aside when forced).
    let release = env.DATABASE_URL ? () => undefined : acquireDataDirLock(env.DATA_DIR);
    try {
      if (env.DATABASE_URL) database = await openPostgres(env.DATABASE_URL);
      const contents = await describeContents(config, database);
      if (contents.length > 0 && !force) {
        throw new BackupError(
          `The target is not empty: ${contents.join("; ")}.\nRestore into an empty DATA_DIR (or an empty PostgreSQL database), or add --force to REPLACE what is there. Nothing was changed.`,
        );
      }
      if (contents.length > 0) {
        console.log(`\n*** --force: REPLACING the existing data (${contents.join("; ")}) ***`);
        for (const line of await clearTarget(config, database, storage instanceof LocalFileStorage)) console.log(`*** ${line} ***`);
        console.log("");
      }
      if (!database) {
        release();
        release = () => undefined;
        database = await openDatabase({ kind: "pglite", dataDir: env.DATA_DIR });
      }
      try {
        await restoreArchive(archive, { database, storage });
      } catch (error) {
        if (database.kind === "pglite") {
          await database.close();
          fs.rmSync(pgliteFolder(env.DATA_DIR), { recursive: true, force: true });
        }
        throw error;
      }
      if (secret !== undefined) {
        ensurePrivateDir(env.DATA_DIR);
        fs.writeFileSync(path.join(env.DATA_DIR, "auth-secret"), secret, { mode: 0o600 });
      }
    } finally {
      await database?.close();
      release();
    }
    console.log(`Restored ${describeBackup(archive.manifest)}; every table's row count and checksum and every file's checksum match the manifest.`);
    if (secret !== undefined && env.AUTH_SECRET && env.AUTH_SECRET !== secret) {
      console.log(
        `Note: the site signed with the secret now in ${path.join(env.DATA_DIR, "auth-secret")}, but AUTH_SECRET is set and wins: unset it, or set it to that file's content, or members' two-factor sign-ins and every session stop working.`,
      );
    }
    console.log(
      env.DATABASE_URL
        ? `Start the site with DATABASE_URL=${displayUrl(env.DATABASE_URL)} (and its password) and npm start.`
        : `Start the site with DATA_DIR=${path.resolve(env.DATA_DIR)} npm start.`,
    );
  } finally {
    archive.close();
  }
});
