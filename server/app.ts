/**
 * The server build's entry (vite.config.ts): small on purpose. start() opens the
 * database, then loads the rest of the application (server/application.ts: express,
 * better-auth, every module of the site) while PGlite reads and compiles its WebAssembly
 * and its data directory: at a start the two took turns (decision 0153).
 */
import type { Database } from "~/db/client.server";
import type * as Application from "./application";
import type { AppOptions } from "./application";
import { openConfiguredDatabase } from "./open-database";

export type { AppOptions } from "./application";

/**
 * The HTTP application as a server, not listening yet, once its database is open and
 * migrated; `started` resolves when the rest of the start is done (server/boot.ts
 * startServices). Until then the server answers /healthz and holds every other request.
 */
export async function start(options: AppOptions) {
  let opening: Promise<Database> | undefined;
  if (!options.database) {
    opening = openConfiguredDatabase();
    // Awaited by openServices, whose failure ends the process with its message; not an unhandled rejection meanwhile.
    opening.catch(() => undefined);
  }
  let application: typeof Application;
  try {
    application = await import("./application");
  } catch (error) {
    await opening?.then((database) => database.close()).catch(() => undefined);
    throw error;
  }
  return application.assemble(options, opening);
}

/** start(), done: the application with its services started (the tests'). */
export async function boot(options: AppOptions) {
  const app = await start(options);
  return { ...app, ...(await app.started) };
}

/** The process around the application (listen, shutdown), so `npm start` needs nothing but this build. */
export { serve } from "./serve";
