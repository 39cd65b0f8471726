/**
 * One database per Vitest worker, put back to the migrated template before each test file
 * (decision 0053). Opening a PGlite from the template costs about 2 s of CPU and 100,000
 * fresh memory pages; a worker runs some sixty files. Emptying every table and writing
 * back the template's own rows (the built-in exercises, the site settings) takes a few
 * milliseconds, and every file still starts from the same database a fresh copy gives.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "~/db/client.server";
import { databaseUrl, pgliteTemplatePath, TEMPLATE_DB } from "./database";

export interface WorkerDatabase {
  database: Database;
  /** The PostgreSQL database's URL (child processes of a test use it); none on PGlite. */
  url?: string;
}

interface Held {
  database: Database;
  url?: string;
  restore: () => Promise<void>;
}

// Test files of one worker share its module graph (vitest.config.ts: isolate off), and this state.
const state = globalThis as typeof globalThis & { relentlessWorkerDatabase?: Promise<Held> };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables, each after the ones among them its foreign keys point to: their rows can be written back in this order. */
async function parentsFirst(db: Db, names: string[]): Promise<string[]> {
  const links = (
    await rows<{ child: string; parent: string }>(
      db,
      sql`select c.relname as child, p.relname as parent from pg_constraint k
          join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
          where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`,
    )
  ).filter((l) => names.includes(l.child) && names.includes(l.parent));
  const ordered: string[] = [];
  while (ordered.length < names.length) {
    const ready = names.filter((n) => !ordered.includes(n) && links.every((l) => l.child !== n || ordered.includes(l.parent)));
    if (ready.length === 0) throw new Error(`Rows to write back in tables whose foreign keys form a cycle: ${names.filter((n) => !ordered.includes(n)).join(", ")}`);
    ordered.push(...ready);
  }
  return ordered;
}

/**
 * What puts `db` back as it is now: every table of the public schema emptied, and the rows
 * it holds now written back (generated columns are computed again).
 */
async function restorerOf(db: Db): Promise<() => Promise<void>> {
  const tables = (await rows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map((t) => t.name);
  const kept: Array<{ table: string; columns: string; json: string }> = [];
  for (const table of tables) {
    const [{ json }] = await rows<{ json: string }>(db, sql.raw(`select coalesce(json_agg(t), '[]')::text as json from "${table}" t`)) as [{ json: string }];
    if (json === "[]") continue;
    const columns = (
      await rows<{ name: string }>(
        db,
        sql`select attname as name from pg_attribute where attrelid = ${`public."${table}"`}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      )
    )
      .map((c) => `"${c.name}"`)
      .join(", ");
    kept.push({ table, columns, json });
  }
  const order = await parentsFirst(db, kept.map((k) => k.table));
  kept.sort((a, b) => order.indexOf(a.table) - order.indexOf(b.table));
  const truncate = sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(", ")} restart identity cascade`);
  return async () => {
    // A file may leave a lock or a listener on PGlite's one connection.
    await db.execute(sql`select pg_advisory_unlock_all()`);
    await db.execute(sql`unlisten *`);
    await db.execute(truncate);
    for (const { table, columns, json } of kept) {
      await db.execute(sql`${sql.raw(`insert into "${table}" (${columns}) select ${columns} from json_populate_recordset(null::"${table}", `)}${json}::json)`);
    }
  };
}

async function open(): Promise<Held> {
  const base = process.env.DATABASE_URL;
  let database: Database;
  let url: string | undefined;
  if (base) {
    const name = `relentless_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl(base, "postgres") });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
    url = databaseUrl(base, name);
    database = await openDatabase({ kind: "postgres", url, max: 4 });
  } else {
    database = await openDatabase({ kind: "pglite-memory", loadDataDir: new Blob([fs.readFileSync(pgliteTemplatePath)]) });
  }
  return { database, url, restore: await restorerOf(database.db) };
}

/**
 * This worker's database as the template has it. A file that closed it (one that tests a
 * database gone away) leaves a closed one behind: the next file gets a new one.
 */
export async function workerDatabase(): Promise<WorkerDatabase> {
  let held = state.relentlessWorkerDatabase ? await state.relentlessWorkerDatabase.catch(() => undefined) : undefined;
  if (held && (await held.database.ping().catch(() => false))) {
    await held.restore();
    return held;
  }
  state.relentlessWorkerDatabase = open();
  held = await state.relentlessWorkerDatabase;
  return held;
}
