import { openDatabase, type Database } from "~/db/client.server";
import { ensurePrivateDir } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";

/** The configuration's database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR (which it locks). */
export async function openConfiguredDatabase(): Promise<Database> {
  const env = getEnv();
  // Local state (database, uploads, outbox, secret) is the server's user's only, on PostgreSQL too.
  ensurePrivateDir(env.DATA_DIR);
  return openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR });
}
