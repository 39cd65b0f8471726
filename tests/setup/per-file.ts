import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { resetEnv } from "~/lib/env.server";
import { databaseUrl, pgliteTemplatePath, TEMPLATE_DB, testDatabaseOf } from "./database";

const base = process.env.DATABASE_URL;
const dbName = `relentless_test_${crypto.randomBytes(6).toString("hex")}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-test-"));
let database: Database | undefined;

// Each test file: its own DATA_DIR (outbox, secret) and its own database.
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
process.env.BASE_URL = "http://localhost:3000";
delete process.env.SMTP_URL;
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;

// eslint-disable-next-line no-empty-pattern -- Vitest reads a hook's first parameter as fixtures: it must be a pattern.
beforeAll(async ({}, suite) => {
  // A file marked `@test-database none` opens no database (its pure tests then skip ~1-2 s
  // of set-up, and a stray query fails loudly: "The database has not been opened yet").
  if (testDatabaseOf(fs.readFileSync(suite.file.filepath, "utf8")) === "none") return;
  if (base) {
    const admin = new pg.Client({ connectionString: databaseUrl(base, "postgres") });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`);
    await admin.end();
    process.env.DATABASE_URL = databaseUrl(base, dbName);
    database = await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL, max: 4 });
  } else {
    database = await openDatabase({ kind: "pglite-memory", loadDataDir: new Blob([fs.readFileSync(pgliteTemplatePath)]) });
  }
  resetEnv();
  setDatabase(database);
});

afterAll(async () => {
  await database?.close();
  if (base && database) {
    const admin = new pg.Client({ connectionString: databaseUrl(base, "postgres") });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    process.env.DATABASE_URL = base;
  }
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
