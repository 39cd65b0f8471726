/**
 * Planner statistics (decision 0055): the tables never analyzed, or whose size moved by a
 * fifth since, are analyzed by the hourly job; the others are left alone.
 * @test-database both
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { job } from "~/db/schema/jobs";
import { analyzeChangedTables, analyzeTablesJob, tablesDueForAnalyze } from "./statistics.server";

/** What the planner believes of a table's rows (-1: never analyzed). */
async function plannedRows(table: string): Promise<number> {
  const result = (await getDb().execute(sql`select reltuples from pg_class where oid = ${table}::regclass`)) as unknown as { rows: Array<{ reltuples: number }> };
  return Number(result.rows[0]!.reltuples);
}

const manyJobs = (n: number) =>
  Array.from({ length: n }, () => ({ id: crypto.randomUUID(), kind: "statistics.test", payload: { note: "x".repeat(200) }, runAt: new Date(), status: "done" as const }));

describe("the hourly ANALYZE", () => {
  beforeEach(async () => {
    // Every table as an old database has them: analyzed once.
    await analyzeChangedTables(getDb());
  });

  it("leaves alone the tables that did not change since they were analyzed", async () => {
    expect(await tablesDueForAnalyze(getDb())).toEqual([]);
    expect(await analyzeChangedTables(getDb())).toEqual([]);
  });

  it("analyzes a table that grew by a fifth, and then no longer", async () => {
    await getDb().insert(job).values(manyJobs(2_000));
    expect(await tablesDueForAnalyze(getDb())).toEqual(["jobs"]);
    expect(await analyzeChangedTables(getDb())).toEqual(["jobs"]);
    expect(await plannedRows("jobs")).toBeGreaterThanOrEqual(2_000);
    expect(await tablesDueForAnalyze(getDb())).toEqual([]);
    // A few rows more in a large table: not yet.
    await getDb().insert(job).values(manyJobs(20));
    expect(await tablesDueForAnalyze(getDb())).toEqual([]);
  });

  it("analyzes a table no ANALYZE has seen yet, as the job the server runs every hour", async () => {
    await getDb().execute(sql`create table statistics_probe (id int primary key)`);
    try {
      expect(await plannedRows("statistics_probe")).toBe(-1);
      expect(analyzeTablesJob.kind).toBe("db.analyze");
      await analyzeTablesJob.run({}, { id: "by-hand", attempt: 1, now: new Date() });
      expect(await plannedRows("statistics_probe")).toBe(0);
    } finally {
      await getDb().execute(sql`drop table statistics_probe`);
    }
  });

  it("a quick ANALYZE (after each assigned copy) samples less, and leaves the setting as it was", async () => {
    await getDb().execute(sql`create table statistics_probe (n int)`);
    try {
      await getDb().execute(sql`insert into statistics_probe select g from generate_series(1, 5000) g`);
      const bounds = async () => {
        const result = (await getDb().execute(
          sql`select array_length(histogram_bounds::text::int[], 1) as n from pg_stats where tablename = 'statistics_probe' and attname = 'n'`,
        )) as unknown as { rows: Array<{ n: number }> };
        return Number(result.rows[0]!.n);
      };
      expect(await analyzeChangedTables(getDb(), { quick: true })).toEqual(["statistics_probe"]);
      expect(await bounds()).toBe(11);
      const setting = (await getDb().execute(sql`show default_statistics_target`)) as unknown as { rows: Array<{ default_statistics_target: string }> };
      expect(setting.rows[0]!.default_statistics_target).toBe("100");
      await getDb().execute(sql`analyze statistics_probe`);
      expect(await bounds()).toBe(101);
    } finally {
      await getDb().execute(sql`drop table statistics_probe`);
    }
  });
});
