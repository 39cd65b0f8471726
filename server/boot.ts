import type { Database } from "~/db/client.server";
import { ensureAdministrator } from "~/modules/users/users.server";
import { issueSetupToken } from "~/modules/users/setup.server";
import { syncExerciseCatalogue } from "~/modules/exercises/catalogue-sync.server";
import { getEnv } from "~/lib/env.server";
import { startJobWorker } from "~/jobs.server";
import { stopMessageFeed } from "~/modules/messages/message-feed.server";
import { closeMessageStreams } from "~/modules/messages/message-stream.server";
import { getLogger } from "~/lib/logger.server";
import { openBackupChannel } from "~/modules/backups/backup-channel.server";
import { relayPublicContentChanges } from "~/lib/site-changes.server";
import { relayChanges } from "~/lib/change-notices.server";
import { warmUpHotPaths } from "./warm-up";

export interface Booted {
  /** Printed once when no administrator exists and none is configured. */
  setupUrl: string | null;
  /** Stops the job worker and waits for the job under way, stops listening for messages and backup requests; await it before closing the database. */
  stopJobs: () => Promise<void>;
  /** Ends every open message stream (at shutdown: they would hold their connections open). */
  closeStreams: () => void;
}

/**
 * The rest of the start, on the migrated database: makes sure an administrator can get
 * in, warms up the requests that must be quick from the first one (decision 0110), and
 * starts the job worker, the backup channel and the relay of content changes. The server
 * may already listen: it answers /healthz meanwhile and holds every other request until
 * this is done (server/app.ts). On failure it closes the database unless `given`.
 */
export async function startServices(database: Database, given?: Database): Promise<Booted> {
  const env = getEnv();
  try {
    // Processes started in the same instant (an orchestrator's replicas) take turns here: each checks what the one before wrote.
    const setupUrl = await database.underStartUpLock(async () => {
      await syncExerciseCatalogue(database.db);
      if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
        const result = await ensureAdministrator(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
        getLogger().info({ email: env.ADMIN_EMAIL, result }, "administrator from ADMIN_EMAIL");
        return null;
      }
      const token = await issueSetupToken();
      return token ? `${env.BASE_URL}/setup?token=${token}` : null;
    });
    await warmUpHotPaths();
    // Jobs due while the server was down (a retry, the hourly sweep) run from now on, once across every process.
    const worker = startJobWorker();
    // On PGlite this process holds the database alone: `npm run backup` asks it through DATA_DIR (decision 0076).
    const closeBackupChannel = database.kind === "pglite" ? await openBackupChannel(env.DATA_DIR, database) : async () => undefined;
    // Class bookings and staff changes, in any process, empty this process's public page cache.
    const stopRelay = await relayPublicContentChanges(database);
    // Sessions, settings and unread counts are kept in this process while it hears their rows' changes (decision 0145).
    const stopChanges = await relayChanges(database);
    const stopJobs = async () => {
      await stopRelay();
      await stopChanges();
      await closeBackupChannel();
      await worker.stop();
      await stopMessageFeed();
    };
    return { setupUrl, stopJobs, closeStreams: closeMessageStreams };
  } catch (error) {
    if (!given) await database.close();
    throw error;
  }
}
