import { getDb, type Db } from "./client.server";

/**
 * A statement a page sends on every request, built by Drizzle once per database and then
 * only bound (decision 0184). Drizzle builds a query's text anew on each call, about 0.1 ms
 * a statement; a prepared one's text is made once, its `sql.placeholder`s filled at each
 * `execute`. On PostgreSQL each connection also keeps it parsed under its name. Prepared on
 * the process's database, so it runs outside any transaction: for reads, not for the
 * checks a write makes in its own.
 */
export function preparedOnce<T>(prepare: (db: Db) => T): () => T {
  const byDatabase = new WeakMap<Db, T>();
  return () => {
    const db = getDb();
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
