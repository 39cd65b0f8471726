/**
 * `npm run db:move`: the embedded database copied into an empty PostgreSQL database by
 * the backup's engine (decision 0077): the schema by the same migrations, the rows in
 * dependency order in one transaction, then every table's count and checksum compared
 * with the source's before it commits.
 */
import type { Database } from "~/db/client.server";
import { appliedMigrationLevel, releaseMigrationLevel } from "~/db/migrations.server";
import { BackupError } from "./backup-errors";
import type { Manifest } from "./manifest";
import { loadRows } from "./restore-archive.server";
import { PAGE_ROWS, dropApplicationSchema, hasApplicationTables, insertRows, listTables, measureTable, pinTextFormats, readRows, readSequences } from "./table-copy.server";

export type MovedTable = Pick<Manifest["tables"][number], "name" | "rows" | "checksum">;

/** Copies `source` into the empty `target`; returns each table's count and checksum, as both now have them. */
export async function moveDatabase(source: Database, target: Database): Promise<MovedTable[]> {
  if (await hasApplicationTables(target.db)) throw new BackupError("The target database already has tables: db:move copies only into an empty PostgreSQL database. Nothing was changed.");
  const migrationLevel = await appliedMigrationLevel(source.db);
  if (migrationLevel === 0) throw new BackupError("The embedded database has no tables yet: there is nothing to move.");
  if (migrationLevel > releaseMigrationLevel()) throw new BackupError(`The embedded database was migrated by a newer release of Relentless (migration level ${migrationLevel}). Move it with that release.`);
  // The source is ours alone (the data-dir lock): one transaction keeps its text formats pinned for the whole copy.
  return source.db.transaction(
    async (sourceTx) => {
      await pinTextFormats(sourceTx);
      const { tables } = await listTables(sourceTx);
      const measured: MovedTable[] = [];
      for (const table of tables) measured.push({ name: table.name, ...(await measureTable(sourceTx, table)) });
      const sequences = await readSequences(sourceTx);
      try {
        await target.migrate({ upTo: migrationLevel });
        await loadRows(target, { tables: measured, sequences, migrationLevel }, async (targetTable, targetTx) => {
          const sourceTable = tables.find((t) => t.name === targetTable.name)!;
          let batch: string[] = [];
          for await (const row of readRows(sourceTx, sourceTable)) {
            batch.push(row);
            if (batch.length === PAGE_ROWS) {
              await insertRows(targetTx, targetTable, batch);
              batch = [];
            }
          }
          await insertRows(targetTx, targetTable, batch);
        });
      } catch (error) {
        await dropApplicationSchema(target.db);
        throw error;
      }
      await target.migrate();
      return measured;
    },
    { accessMode: "read only" },
  );
}
