import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { setDatabase } from "~/db/client.server";
import { resetEnv } from "~/lib/env.server";
import { setLogDestination } from "~/lib/logger.server";
import { resetMailTransport } from "~/lib/mail.server";
import { resetStorage } from "~/lib/storage.server";
import { testDatabaseOf } from "./database";
import { rememberScryptKeys } from "./scrypt-memo";
import { workerDatabase } from "./worker-database";

// A password's key is derived once per worker for the same salt (scrypt-memo.ts: a sign-in repeats its hash's work).
rememberScryptKeys();

// Each test file starts from the environment the worker started with (a file may set
// variables: its spawned servers and CLIs must not inherit the previous file's)…
const worker = globalThis as typeof globalThis & { relentlessWorkerEnv?: NodeJS.ProcessEnv };
worker.relentlessWorkerEnv ??= { ...process.env };
for (const name of Object.keys(process.env)) if (!(name in worker.relentlessWorkerEnv)) delete process.env[name];
Object.assign(process.env, worker.relentlessWorkerEnv);

const base = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-test-"));

// …with its own DATA_DIR (outbox, secret), and the worker's database as the template has it.
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
process.env.BASE_URL = "http://localhost:3000";
delete process.env.SMTP_URL;
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;
// What the process chose from the previous file's configuration: chosen again from this one's.
resetEnv();
resetStorage();
resetMailTransport();
setLogDestination(undefined);

// eslint-disable-next-line no-empty-pattern -- Vitest reads a hook's first parameter as fixtures: it must be a pattern.
beforeAll(async ({}, suite) => {
  // A file marked `@test-database none` opens no database (its pure tests then skip ~1-2 s
  // of set-up, and a stray query fails loudly: "The database has not been opened yet").
  if (testDatabaseOf(fs.readFileSync(suite.file.filepath, "utf8")) === "none") {
    setDatabase(undefined);
    return;
  }
  const { database, url } = await workerDatabase();
  if (url) process.env.DATABASE_URL = url;
  resetEnv();
  setDatabase(database);
});

afterAll(() => {
  if (base) process.env.DATABASE_URL = base;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Any console.error during a test is a failure.
const errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length > 0) {
    const found = errors.splice(0).map((args) => args.map(String).join(" "));
    throw new Error(`console.error was called:\n${found.join("\n")}`);
  }
});
