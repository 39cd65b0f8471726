/**
 * Where the commands read from and write to: the configured database (PostgreSQL when
 * DATABASE_URL is set, else PGlite in DATA_DIR/db) and the configured file storage, and
 * whether a target is empty (decision 0076).
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabase, type Database } from "~/db/client.server";
import type { FileStorage } from "~/lib/storage.server";
import { BACKUPS_PREFIX, BackupError } from "./backup-errors";
import { dropApplicationSchema, hasApplicationTables } from "./table-copy.server";

/** A PostgreSQL URL without its password, for messages. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "the PostgreSQL database";
  }
}

export const pgliteFolder = (dataDir: string) => path.join(dataDir, "db");

/** Whether DATA_DIR holds an embedded database (opening one on an empty folder would create it). */
function hasPgliteDatabase(dataDir: string): boolean {
  const folder = pgliteFolder(dataDir);
  return fs.existsSync(folder) && fs.readdirSync(folder).length > 0;
}

/** The innermost cause of an error (the driver's "connect ECONNREFUSED" under the ORM's "Failed query"). */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** Opens a PostgreSQL database and checks that it answers, with a message naming it when it does not. */
export async function openPostgres(url: string): Promise<Database> {
  const database = await openDatabase({ kind: "postgres", url, max: 2 });
  try {
    await database.ping();
    return database;
  } catch (error) {
    await database.close();
    throw new BackupError(`Cannot use the PostgreSQL database ${displayUrl(url)}: ${rootMessage(error)}`);
  }
}

/** Opens an existing database to read from; never creates one. */
export async function openSourceDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  if (!hasPgliteDatabase(config.dataDir)) throw new BackupError(`There is no embedded database in ${path.resolve(config.dataDir)} (DATA_DIR). Set DATA_DIR to the site's folder, or DATABASE_URL for PostgreSQL.`);
  return openDatabase({ kind: "pglite", dataDir: config.dataDir });
}

/** The first stored key outside the kept backups, or null when the storage holds no file. */
export async function firstStoredKey(storage: FileStorage): Promise<string | null> {
  for await (const key of storage.list(BACKUPS_PREFIX)) return key;
  return null;
}


export interface TargetConfig {
  databaseUrl?: string;
  dataDir: string;
  storage: FileStorage;
  /** The archive's generated secret, when it has one: another one in DATA_DIR makes the target not empty. */
  secret?: string;
}

/** What an empty target would not have, as a person reads it ([] = empty). */
export async function describeContents(config: TargetConfig, database?: Database): Promise<string[]> {
  const found: string[] = [];
  if (config.databaseUrl) {
    if (database && (await hasApplicationTables(database.db))) found.push(`${displayUrl(config.databaseUrl)} has tables`);
  } else if (hasPgliteDatabase(config.dataDir)) {
    found.push(`${path.resolve(config.dataDir)} has a database (db/)`);
  }
  const key = await firstStoredKey(config.storage);
  if (key) found.push(`the file storage (${config.storage.description}) holds files, such as ${key}`);
  const secretFile = path.join(config.dataDir, "auth-secret");
  if (config.secret !== undefined && fs.existsSync(secretFile) && fs.readFileSync(secretFile, "utf8").trim() !== config.secret) {
    found.push(`${secretFile} holds another secret`);
  }
  return found;
}

/**
 * `--force`: moves the embedded database, the local files and the secret of DATA_DIR into
 * DATA_DIR/replaced-<time>/ (kept, not deleted), or drops the PostgreSQL schema and deletes
 * the bucket's files. Returns what it did, to be printed.
 */
export async function clearTarget(config: TargetConfig, database: Database | undefined, localUploads: boolean): Promise<string[]> {
  const done: string[] = [];
  if (config.databaseUrl && database) {
    await dropApplicationSchema(database.db);
    done.push(`dropped every table of ${displayUrl(config.databaseUrl)}`);
  }
  const aside = path.join(config.dataDir, `replaced-${new Date().toISOString().replaceAll(":", "-")}`);
  const moves = [...(config.databaseUrl ? [] : ["db"]), ...(localUploads ? ["uploads"] : []), "auth-secret"].filter((name) =>
    fs.existsSync(path.join(config.dataDir, name)),
  );
  if (moves.length > 0) {
    fs.mkdirSync(aside, { recursive: true, mode: 0o700 });
    for (const name of moves) fs.renameSync(path.join(config.dataDir, name), path.join(aside, name));
    done.push(`moved ${moves.join(", ")} of DATA_DIR to ${aside}`);
  }
  if (!localUploads) {
    const keys: string[] = [];
    for await (const key of config.storage.list(BACKUPS_PREFIX)) keys.push(key);
    await config.storage.delete(keys);
    done.push(`deleted ${keys.length} files of ${config.storage.description}`);
  }
  return done;
}
