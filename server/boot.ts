import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { ensureAdministrator } from "~/modules/users/users.server";
import { issueSetupToken } from "~/modules/users/setup.server";
import { retryCoachNotifications } from "~/modules/contacts/contacts.server";
import { sweepOrphanUploads } from "~/modules/uploads/sweep.server";
import { syncExerciseCatalogue } from "~/modules/exercises/catalogue-sync.server";
import { ensurePrivateDir } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import { runInBackground, settleBackground } from "~/lib/background.server";
import { getLogger } from "~/lib/logger.server";

export interface Booted {
  database: Database;
  /** Printed once when no administrator exists and none is configured. */
  setupUrl: string | null;
  /** Stops background work and waits for any under way; await it before closing the database. */
  stopJobs: () => Promise<void>;
}

const RETRY_EVERY_MS = 5 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * E-mails that failed are retried at start-up and every few minutes. Uploads nothing
 * references are removed every hour, not at start-up: only day-old uploads qualify, so
 * nothing is lost by waiting, and a start (or a test booting the app) stays quick.
 */
function startJobs(): () => Promise<void> {
  // In the background set, so a shutdown waits for a retry under way.
  const run = () => runInBackground(retryCoachNotifications(), "notification retry");
  run();
  const timer = setInterval(run, RETRY_EVERY_MS);
  timer.unref();
  const sweep = () => runInBackground(sweepOrphanUploads(), "upload sweep");
  const sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
  sweepTimer.unref();
  return async () => {
    clearInterval(timer);
    clearInterval(sweepTimer);
    await settleBackground();
  };
}

/** Opens the database of the configuration, migrates it, and makes sure an administrator can get in. */
export async function bootServices(): Promise<Booted> {
  const env = getEnv();
  // Local state (database, uploads, outbox, secret) is the server's user's only, on PostgreSQL too.
  ensurePrivateDir(env.DATA_DIR);
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  try {
    setDatabase(database);
    await database.migrate();
    await syncExerciseCatalogue(database.db);
    let setupUrl: string | null = null;
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const result = await ensureAdministrator(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
      getLogger().info({ email: env.ADMIN_EMAIL, result }, "administrator from ADMIN_EMAIL");
    } else {
      const token = await issueSetupToken();
      if (token) setupUrl = `${env.BASE_URL}/setup?token=${token}`;
    }
    return { database, setupUrl, stopJobs: startJobs() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
