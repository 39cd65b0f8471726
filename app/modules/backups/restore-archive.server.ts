/**
 * Loads a verified archive into an empty target (decision 0075): the schema by the same
 * migrations up to the archive's level, the files, then every row in one transaction
 * that also checks each table's count and checksum against the manifest before it
 * commits. Then the migrations of this release the archive did not have yet.
 */
import readline from "node:readline";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contentTypeForKey, type FileStorage } from "~/lib/storage.server";
import { BackupError } from "./backup-errors";
import { hashing } from "./hashing";
import { fileEntry, tableEntry, type Manifest } from "./manifest";
import type { OpenArchive } from "./read-archive.server";
import {
  PAGE_ROWS,
  RowChecksum,
  checkDeferred,
  deferForeignKeys,
  dropApplicationSchema,
  emptyTables,
  insertRows,
  listTables,
  measureTable,
  pinTextFormats,
  writeSequences,
  type Queryable,
  type TableInfo,
} from "./table-copy.server";

export interface RestoreTarget {
  database: Database;
  storage: FileStorage;
}

/** Writes the rows of one table entry in batches, streaming the entry line by line. */
async function loadTable(tx: Queryable, archive: OpenArchive, table: TableInfo): Promise<void> {
  const lines = readline.createInterface({ input: await archive.open(tableEntry(table.name)), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    if (batch.length === PAGE_ROWS) {
      await insertRows(tx, table, batch);
      batch = [];
    }
  }
  await insertRows(tx, table, batch);
}

/**
 * Writes every row of the manifest into the target's tables (emptied first: the
 * migrations may have added rows of their own), then compares what the target now holds
 * with the manifest, table by table, before committing: a difference rolls it all back.
 */
export async function loadRows(
  database: Database,
  manifest: Pick<Manifest, "sequences" | "migrationLevel"> & { tables: Array<Pick<Manifest["tables"][number], "name" | "rows" | "checksum">> },
  rowsOf: (table: TableInfo, tx: Queryable) => Promise<void>): Promise<void> {
  await database.db.transaction(async (tx) => {
    await pinTextFormats(tx);
    const { tables, deferred } = await listTables(tx);
    const known = new Set(tables.map((table) => table.name));
    const missing = manifest.tables.filter((table) => !known.has(table.name)).map((table) => table.name);
    if (missing.length > 0) throw new BackupError(`The target has no table ${missing.join(", ")} at migration level ${manifest.migrationLevel}: the source is not a database of this application.`);
    const expected = new Map(manifest.tables.map((table) => [table.name, table]));
    await emptyTables(tx, tables);
    await deferForeignKeys(tx, deferred);
    for (const table of tables) if (expected.has(table.name)) await rowsOf(table, tx);
    await checkDeferred(tx, deferred);
    await writeSequences(tx, manifest.sequences);
    for (const table of tables) {
      const want = expected.get(table.name) ?? { rows: 0, checksum: new RowChecksum().hex };
      const got = await measureTable(tx, table);
      if (got.rows !== want.rows) throw new BackupError(`${table.name}: ${got.rows} rows after loading, the manifest says ${want.rows}. Nothing was kept.`);
      if (got.checksum !== want.checksum) throw new BackupError(`${table.name}: the loaded rows differ from the archive's (checksum). Nothing was kept.`);
    }
  });
}

/** Writes the archive's files into the storage, checking each one's bytes again on the way; returns the keys written. */
async function writeFiles(archive: OpenArchive, target: FileStorage, written: string[]): Promise<void> {
  for (const file of archive.manifest.files) {
    const { stream, result } = hashing();
    const source = await archive.open(fileEntry(file.key));
    source.once("error", (error) => stream.destroy(error));
    written.push(file.key);
    await target.putStream(file.key, source.pipe(stream), file.bytes, contentTypeForKey(file.key));
    if (result().sha256 !== file.sha256) throw new BackupError(`${file.key} changed while it was restored (checksum). Nothing was kept.`);
  }
}

/**
 * Restores into an empty target. On failure the files written are deleted and, on
 * PostgreSQL, the schema the migrations made is dropped again; the caller removes a new
 * PGlite folder.
 */
export async function restoreArchive(archive: OpenArchive, target: RestoreTarget): Promise<void> {
  const { manifest } = archive;
  const written: string[] = [];
  try {
    await target.database.migrate({ upTo: manifest.migrationLevel });
    await writeFiles(archive, target.storage, written);
    await loadRows(target.database, manifest, (table, tx) => loadTable(tx, archive, table));
  } catch (error) {
    await target.storage.delete(written).catch(() => undefined);
    if (target.database.kind === "postgres") await dropApplicationSchema(target.database.db);
    throw error;
  }
  // The archive's rows at its own level are in: now the rest of this release's migrations, as a start would run them.
  await target.database.migrate();
  await target.database.db.execute(sql`analyze`);
}
