import fs from "node:fs";
import { startGoCardless } from "./support/gocardless";
import { copyFixtureUsers, E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, runSeed, seedFixtureUsers, startIsolatedServers, startServer, waitForHealthy, warmUp } from "./support/server";

/**
 * A fresh DATA_DIR with the fixture accounts and the shared data, then the built server on
 * it; beside it, the isolated servers some specs use (support/server.ts), seeded and started
 * at the same time. The fixture accounts are seeded once and copied to every PGlite server
 * that has them. The shared server takes direct debit from a GoCardless stand-in
 * (support/gocardless.ts). The suite runs on PGlite unless E2E_DATABASE_URL names a PostgreSQL database.
 */
export default async function globalSetup() {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Build first: npm run build");
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  // Direct debit on the shared server, against the GoCardless stand-in.
  const goCardless = await startGoCardless();
  const env = {
    ...goCardless.env,
    DATA_DIR: E2E_DATA_DIR,
    PORT: String(E2E_PORT),
    BASE_URL: E2E_BASE_URL,
    LOG_LEVEL: "warn",
    // Each test gets its own client address (X-Forwarded-For), so rate limits are per test.
    TRUST_PROXY: "true",
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
  };
  const users = seedFixtureUsers();
  const shared = (async () => {
    if (env.DATABASE_URL) await runSeed("tests/e2e/support/seed-users.ts", env);
    else copyFixtureUsers(await users, E2E_DATA_DIR);
    await runSeed("tests/e2e/support/seed-shared.ts", env);
    const server = startServer(env);
    await waitForHealthy(E2E_BASE_URL);
    await warmUp(E2E_BASE_URL);
    return server;
  })();
  const [sharedStarted, isolatedStarted] = await Promise.allSettled([shared, startIsolatedServers(users)]);
  const stop = async () => {
    if (sharedStarted.status === "fulfilled" && sharedStarted.value.exitCode === null) {
      const server = sharedStarted.value;
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    if (isolatedStarted.status === "fulfilled") await isolatedStarted.value();
    await goCardless.stop();
    fs.rmSync(`${E2E_DATA_DIR}-users`, { recursive: true, force: true });
  };
  for (const started of [sharedStarted, isolatedStarted]) {
    if (started.status === "rejected") {
      await stop();
      throw started.reason;
    }
  }
  return stop;
}
