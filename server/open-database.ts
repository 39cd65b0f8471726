/**
 * The database the process serves, opened and migrated: all /healthz needs, and all that
 * must be done before the server listens (decisions 0153, 0170). Small on purpose: the
 * server entry (server/app.ts) loads only this before it listens.
 */
import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { ensurePrivateDir } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";

/** The configuration's database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR (which it locks). */
export async function openConfiguredDatabase(): Promise<Database> {
  const env = getEnv();
  // Local state (database, uploads, outbox, secret) is the server's user's only, on PostgreSQL too.
  ensurePrivateDir(env.DATA_DIR);
  return openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR });
}

/** Takes the database given (its owner closes it: a test's own) or the configuration's, and migrates it; a failure closes what it opened. */
export async function openAndMigrate(given?: Database): Promise<Database> {
  const env = getEnv();
  ensurePrivateDir(env.DATA_DIR);
  const database = given ?? (await openConfiguredDatabase());
  try {
    setDatabase(database);
    await database.migrate();
    return database;
  } catch (error) {
    if (!given) await database.close();
    throw error;
  }
}
