import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";

/**
 * Decision 0182: an index column written newest first is DESC NULLS FIRST, the order a
 * plain ORDER BY … DESC (drizzle's desc()) asks for. Drizzle writes `.desc()` alone as DESC
 * NULLS LAST, which no such query can read in order: the database then reads every row of
 * the member and sorts them. So every schema index says `.desc().nullsFirst()`.
 */
describe("the indexes written newest first", () => {
  it("are all DESC NULLS FIRST, but the one whose query asks for nulls last", async () => {
    const result = await getDb().execute(sql`select indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef like '%DESC%'`);
    const indexes = (result as unknown as { rows: Array<{ indexname: string; indexdef: string }> }).rows;
    expect(indexes.length).toBeGreaterThan(25);
    // Conversations without a message yet sort last on the coach's list (messages.server.ts).
    const nullsLast = indexes.filter((i) => i.indexdef.includes("NULLS LAST")).map((i) => i.indexname);
    expect(nullsLast).toEqual(["conversations_recent_idx"]);
  });
});
