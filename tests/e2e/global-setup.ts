import fs from "node:fs";
import { seedDataDirFromTemplate } from "../support/migrated-database";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, runSeed, startServer, waitForHealthy, warmUp } from "./support/server";

/**
 * A fresh DATA_DIR with the fixture accounts, then the built server on it.
 * The suite runs on PGlite unless E2E_DATABASE_URL names a PostgreSQL database.
 */
export default async function globalSetup() {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Build first: npm run build");
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  const env = {
    DATA_DIR: E2E_DATA_DIR,
    PORT: String(E2E_PORT),
    BASE_URL: E2E_BASE_URL,
    LOG_LEVEL: "warn",
    // Each test gets its own client address (X-Forwarded-For), so rate limits are per test.
    TRUST_PROXY: "true",
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
  };
  seedDataDirFromTemplate(E2E_DATA_DIR, env);
  await runSeed("tests/e2e/support/seed-shared.ts", env);
  const server = startServer(env);
  await waitForHealthy(E2E_BASE_URL);
  await warmUp(E2E_BASE_URL);
  return async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  };
}
