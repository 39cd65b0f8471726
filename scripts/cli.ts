/** Shared by the command-line scripts: open the configured database, run, close, and report errors plainly. */
import { openDatabase, setDatabase } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { syncExerciseCatalogue } from "~/modules/exercises/catalogue-sync.server";

/** Runs a command to its end: a failure prints its message (no stack) and exits 1. */
export async function runCommand(run: () => Promise<void>): Promise<never> {
  let exitCode = 0;
  try {
    await run();
  } catch (error) {
    exitCode = 1;
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(exitCode);
}

export async function withDatabase(run: () => Promise<void>): Promise<void> {
  let exitCode = 0;
  try {
    const env = getEnv();
    const database = await openDatabase(
      env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL, max: 2 } : { kind: "pglite", dataDir: env.DATA_DIR },
    );
    try {
      setDatabase(database);
      await database.migrate();
      // The built-in exercises follow the release, like the tables (decision 0036).
      await syncExerciseCatalogue(database.db);
      await run();
    } finally {
      await database.close();
    }
  } catch (error) {
    exitCode = 1;
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(exitCode);
}
