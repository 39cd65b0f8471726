/**
 * Planner statistics for the tables the app grows. PostgreSQL's autovacuum analyzes a
 * table once enough of it changed; the embedded PGlite has no autovacuum, so without
 * this its planner never learns a table's size and reads lists of ids (`in (…)`) as a
 * scan of the whole table. Hourly, every table of the app never analyzed, or grown or
 * shrunk by a fifth since it was, is analyzed; on PostgreSQL this mostly finds nothing
 * left to do (decision 0055).
 */
import { sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { defineRecurringJob, everyHour } from "~/lib/jobs.server";

/** A table is analyzed again once its size moved by this share since the last time… */
const CHANGED_SHARE = 0.2;
/** …and by at least this many pages (8 KB each): small tables are not analyzed for a few rows. */
const CHANGED_PAGES = 8;

/** The tables of the app's schema that have no statistics or whose size moved since their last ANALYZE. */
export async function tablesDueForAnalyze(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and (c.reltuples < 0 or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) >= greatest(c.relpages * ${sql.raw(String(CHANGED_SHARE))}, ${sql.raw(String(CHANGED_PAGES))}))
    order by c.relname`)) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((r) => r.name);
}

/**
 * A quick ANALYZE's statistics target: a sample of 300 × 10 = 3,000 rows instead of PostgreSQL's
 * 30,000. On PGlite an ANALYZE holds the one connection: at 600,000 program exercises a full
 * one took up to 340 ms, a quick one 57 ms, and a quick one still tells the planner the
 * table's size and its columns' spread.
 */
const QUICK_STATISTICS_TARGET = 10;

/**
 * Analyzes the tables due (one statement each, so another request waits at most one table's
 * sampling), `quick` with a smaller sample (for tables growing while a job runs). Returns their names.
 */
export async function analyzeChangedTables(db: Db, { quick = false } = {}): Promise<string[]> {
  const due = await tablesDueForAnalyze(db);
  for (const name of due) {
    if (!quick) await db.execute(sql`analyze ${sql.identifier(name)}`);
    else
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local default_statistics_target = ${sql.raw(String(QUICK_STATISTICS_TARGET))}`);
        await tx.execute(sql`analyze ${sql.identifier(name)}`);
      });
  }
  return due;
}

export const analyzeTablesJob = defineRecurringJob({
  kind: "db.analyze",
  repeat: everyHour,
  maxAttempts: 1,
  run: async () => {
    await analyzeChangedTables(getDb());
  },
});
