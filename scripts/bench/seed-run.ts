/** The process of a benchmark seed (run with tsx before the server opens the same DATA_DIR or DATABASE_URL). */
import { openDatabase, setDatabase } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { syncExerciseCatalogue } from "~/modules/exercises/catalogue-sync.server";

/**
 * Opens the configured database, migrates it with the built-in exercises (as a start
 * does), runs `work`, closes the database and exits: 0, or 1 with the error printed.
 */
export function runSeed(work: () => Promise<void>): void {
  const run = async () => {
    const env = getEnv();
    const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL, max: 4 } : { kind: "pglite", dataDir: env.DATA_DIR });
    try {
      setDatabase(database);
      await database.migrate();
      await syncExerciseCatalogue(database.db);
      await work();
    } finally {
      await database.close();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
