// @test-database none
/**
 * The built server refuses a wrong configuration before it opens anything: a plain
 * message naming the variable, exit 1. On PGlite's pass only: the server stops before it
 * reaches a database, so PostgreSQL's pass would run the same processes again.
 * Needs `npm run build` first.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerChild } from "../support/server-child";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-config-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

beforeAll(() => {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` before this suite");
});

describe("start-up with bad configuration", () => {
  it.each([
    ["PORT", "abc", "PORT must be a whole number between 1 and 65535"],
    ["BASE_URL", "ftp://coach.example", "BASE_URL must be an http:// or https:// URL"],
    ["AUTH_SECRET", "short", "AUTH_SECRET must be at least 32 characters long"],
    ["SMTP_URL", "http://mail.example", "SMTP_URL must be an smtp:// or smtps:// URL"],
  ])("refuses %s=%s with a message naming the variable", async (name, value, message) => {
    const started = startServerChild({ DATA_DIR: scratch, DATABASE_URL: "", [name]: value });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain("Invalid configuration");
    expect(started.output()).toContain(message);
    // A plain message, not a stack trace.
    expect(started.output()).not.toMatch(/\n[ \t]+at .+:\d+:\d+/);
    // Nothing was opened or written in DATA_DIR.
    expect(fs.readdirSync(scratch)).toEqual([]);
  });

  it("refuses ADMIN_EMAIL without ADMIN_PASSWORD", async () => {
    const started = startServerChild({ DATA_DIR: scratch, DATABASE_URL: "", ADMIN_EMAIL: "coach@example.com" });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain("ADMIN_PASSWORD must be set together with ADMIN_EMAIL");
    expect(fs.readdirSync(scratch)).toEqual([]);
  });
});
