/**
 * Writes one backup archive (decision 0075): the database's rows read in one
 * repeatable-read transaction (a consistent copy while the site keeps running on
 * PostgreSQL), then every stored file, then the manifest. Everything is streamed into
 * the ZIP; the archive appears under its name only once it is whole.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import yazl from "yazl";
import type { Database } from "~/db/client.server";
import { appliedMigrationLevel, releaseMigrationLevel } from "~/db/migrations.server";
import { dataPath } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import type { FileStorage } from "~/lib/storage.server";
import { FORMAT, FORMAT_VERSION, MANIFEST_ENTRY, SECRET_ENTRY, fileEntry, tableEntry, type Manifest } from "./manifest";
import { RowChecksum, listTables, pinTextFormats, readRows, readSequences } from "./table-copy.server";
import { BACKUPS_PREFIX, BackupError } from "./backup-errors";
import { hashing } from "./hashing";

export interface BackupSource {
  database: Database;
  storage: FileStorage;
  /** The generated secret of DATA_DIR (when AUTH_SECRET is not set), kept with the rows it protects. */
  secret?: string;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** The secret generated into DATA_DIR, when the site signs with it (AUTH_SECRET unset): a restore needs it to read two-factor secrets. */
export function generatedSecret(): string | undefined {
  if (getEnv().AUTH_SECRET) return undefined;
  const file = dataPath("auth-secret");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : undefined;
}

/** Adds one entry from a stream and waits until the ZIP has taken all of it (entries are written one after another). */
async function addStream(zip: yazl.ZipFile, name: string, source: Readable): Promise<{ sha256: string; bytes: number }> {
  const { stream, result } = hashing();
  source.once("error", (error) => stream.destroy(error));
  zip.addReadStream(source.pipe(stream), name);
  await finished(stream);
  return result();
}

/** Writes the archive to `out` (a file that must not exist yet). */
export async function writeBackup(source: BackupSource, out: string): Promise<BackupSummary> {
  const target = path.resolve(out);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: choose a new file name.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${crypto.randomBytes(6).toString("hex")}.partial`;
  const zip = new yazl.ZipFile();
  // The archive holds password hashes and personal data: the owner's only.
  const output = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
  const written = finished(zip.outputStream.pipe(output));
  try {
    const level = await appliedMigrationLevel(source.database.db);
    if (level > releaseMigrationLevel()) {
      throw new BackupError(`The database was migrated by a newer release of Relentless (migration level ${level}; this one knows ${releaseMigrationLevel()}). Back it up with that release.`);
    }
    const tables: Manifest["tables"] = [];
    let sequences: Manifest["sequences"] = [];
    await source.database.db.transaction(
      async (tx) => {
        await pinTextFormats(tx);
        const { tables: found } = await listTables(tx);
        for (const table of found) {
          const checksum = new RowChecksum();
          const lines = Readable.from(
            (async function* () {
              for await (const row of readRows(tx, table)) {
                checksum.add(row);
                yield Buffer.from(`${row}\n`);
              }
            })(),
          );
          const { sha256 } = await addStream(zip, tableEntry(table.name), lines);
          tables.push({ name: table.name, rows: checksum.rows, sha256, checksum: checksum.hex });
        }
        sequences = await readSequences(tx);
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    // Files after the rows: a file is stored before the row that names it, so every file the rows name is here.
    const files: Manifest["files"] = [];
    for await (const key of source.storage.list(BACKUPS_PREFIX)) {
      const stored = await source.storage.get(key);
      if (!stored) continue; // deleted since it was listed
      const { sha256, bytes } = await addStream(zip, fileEntry(key), stored.body);
      files.push({ key, bytes, sha256 });
    }
    let secret: Manifest["secret"] = null;
    if (source.secret !== undefined) {
      const body = Buffer.from(source.secret);
      zip.addBuffer(body, SECRET_ENTRY);
      secret = { sha256: crypto.createHash("sha256").update(body).digest("hex") };
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: source.database.kind === "postgres" ? "postgres" : "pglite",
      migrationLevel: level,
      tables,
      sequences,
      files,
      secret,
    };
    // Last, so a reader finds it only in a whole archive, after everything it describes.
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), MANIFEST_ENTRY);
    zip.end();
    await written;
    const handle = await fs.promises.open(partial, "r");
    await handle.sync();
    await handle.close();
    await fs.promises.rename(partial, target);
    return { file: target, bytes: fs.statSync(target).size, manifest };
  } catch (error) {
    output.destroy();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}
