import { sql, type SQLWrapper } from "drizzle-orm";
import { getDb } from "~/db/client.server";

/** The database's plan for a query, as EXPLAIN prints it: for tests that a read uses its index. */
export async function explain(query: SQLWrapper): Promise<string> {
  const result = await getDb().execute(sql`explain ${query}`);
  return (result as unknown as { rows: Array<Record<string, string>> }).rows
    .map((r) => Object.values(r)[0])
    .join("\n");
}
