import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import type { PgliteClient } from "~/db/pglite-client.server";
import { syncExerciseCatalogue } from "~/modules/exercises/catalogue-sync.server";
import { databaseUrl, pgliteDataDirTemplate, pgliteTemplatePath, TEMPLATE_DB } from "./database";

/** Migrates once (with the built-in exercises, as a start does): a PGlite data-dir dump, or a PostgreSQL template database. */
export default async function setup() {
  const base = process.env.DATABASE_URL;
  if (!base) {
    // On disk, as a DATA_DIR holds it (for apps booted in a test), from a copy of the pristine cluster (decision 0185).
    fs.rmSync(pgliteDataDirTemplate, { recursive: true, force: true });
    const database = await openDatabase({ kind: "pglite", dataDir: pgliteDataDirTemplate });
    await database.migrate();
    await syncExerciseCatalogue(database.db);
    // …and as a dump, which each worker loads into memory (tests/setup/worker-database.ts).
    const { pglite } = (database.db as unknown as { $client: PgliteClient }).$client;
    const dump = await pglite.dumpDataDir("none");
    fs.mkdirSync(path.dirname(pgliteTemplatePath), { recursive: true });
    fs.writeFileSync(pgliteTemplatePath, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return;
  }
  const admin = new pg.Client({ connectionString: databaseUrl(base, "postgres") });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(base, TEMPLATE_DB), max: 1 });
  await database.migrate();
  await syncExerciseCatalogue(database.db);
  await database.close();
  // The workers' databases (tests/setup/worker-database.ts), once every worker has ended.
  return async () => {
    const client = new pg.Client({ connectionString: databaseUrl(base, "postgres") });
    await client.connect();
    const { rows } = await client.query<{ name: string }>(`select datname as name from pg_database where datname like 'relentless\\_test\\_%'`);
    for (const { name } of rows) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
