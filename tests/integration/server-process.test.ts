// @test-database any
/**
 * The built server as a process: start-up, restart, shutdown (configuration errors:
 * server-config.test.ts). Needs `npm run build` first (npm test builds before running this suite).
 *
 * On PGlite's pass only: what differs on PostgreSQL is tested there by other files. The
 * same `migrate()` builds the PostgreSQL template of every test file (tests/setup), two
 * built servers start and serve on one PostgreSQL database (multi-process.test.ts), and
 * the crash, shutdown and rush tests start, kill and stop it there.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedDataDirFromTemplate } from "../support/migrated-database";
import { startServerChild, waitForOutput as waitFor, type ServerChild } from "../support/server-child";
import { signIn } from "../support/sign-in";

const running: ServerChild[] = [];

/** A server child of this test, killed after it if still running. */
function start(env: Record<string, string>): ServerChild {
  const started = startServerChild(env);
  running.push(started);
  return started;
}

let dataDir: string;

beforeAll(() => {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` before this suite");
});

afterEach(() => {
  for (const { child } of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function freshDataDir() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-process-"));
  return dataDir;
}

/** A DATA_DIR of its own, migrated already (a copy of the suite's template): a start without the first run's initdb and migrations. */
function migratedDataDir() {
  seedDataDirFromTemplate(freshDataDir());
  return dataDir;
}

// A first start on an empty DATA_DIR runs initdb and every migration: 9 s here (12 s of CPU), 31 s on a
// loaded machine; the first test makes one, the others start on a migrated copy (3 s, 4 s of CPU).
describe("a running server", { timeout: 120_000 }, () => {
  it("prints its URL and a one-time set-up link when there is no administrator", async () => {
    const port = await freePort();
    const started = start({ DATA_DIR: freshDataDir(), PORT: String(port) });
    await waitFor(started, `Relentless is running at http://localhost:${port}`);
    await waitFor(started, `http://localhost:${port}/setup?token=`);
    const health = await fetch(`http://localhost:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });

    // The page's scripts come as the build's brotli copies, the same bytes once decoded.
    const page = await (await fetch(`http://localhost:${port}/login`)).text();
    const script = /"(\/assets\/entry\.client-[^"]+\.js)"/.exec(page)?.[1];
    expect(script, "the login page's client entry").toBeDefined();
    const encoded = await fetch(`http://localhost:${port}${script}`, { headers: { "accept-encoding": "br" } });
    expect(encoded.headers.get("content-encoding")).toBe("br");
    expect(encoded.headers.get("vary")).toContain("Accept-Encoding");
    expect(encoded.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The copy the build wrote, not one compressed for this response (that one has no length).
    expect(encoded.headers.get("content-length")).toBe(String(fs.statSync(path.join("build/client", `${script!}.br`)).size));
    expect(await encoded.text()).toBe(fs.readFileSync(path.join("build/client", script!), "utf8"));
  });

  it("keeps its data across a restart, ensures ADMIN_EMAIL idempotently, and exits 0 on SIGTERM within seconds", async () => {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const env = { DATA_DIR: migratedDataDir(), PORT: String(port), ADMIN_EMAIL: "coach@example.com", ADMIN_PASSWORD: "first-run-pass-1" };

    const first = start(env);
    await waitFor(first, "Relentless is running");
    expect(first.output()).not.toContain("/setup?token=");
    expect((await signIn("coach@example.com", "first-run-pass-1", { base: baseUrl })).status).toBe(302);
    const stopAsked = Date.now();
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(5_000);
    expect(fs.existsSync(path.join(env.DATA_DIR, "db.lock"))).toBe(false);

    const second = start(env);
    await waitFor(second, "Relentless is running");
    const { answer: response } = await signIn("coach@example.com", "first-run-pass-1", { base: baseUrl });
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
    // Only an administrator reaches the admin dashboard.
    expect((await fetch(`${baseUrl}/admin`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
    // Two cold starts: generous on a loaded two-core CI machine.
  }, 120_000);

  it("refuses a second process on the same DATA_DIR with a clear message", async () => {
    const env = { DATA_DIR: migratedDataDir(), PORT: String(await freePort()) };
    const first = start(env);
    await waitFor(first, "Relentless is running");
    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another Relentless process");
    expect(second.output()).toContain("DATABASE_URL");
    // The first one is unharmed.
    expect((await fetch(`http://localhost:${env.PORT}/healthz`)).status).toBe(200);
  });
});
