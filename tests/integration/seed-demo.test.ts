/**
 * `npm run seed:demo` as a real process: the first run creates the demo accounts and
 * their sample content, a second run adds nothing. On PGlite it gets a DATA_DIR of its own;
 * in the PostgreSQL run it uses this file's database.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { seedDataDirFromTemplate } from "../support/migrated-database";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-seed-"));
// Migrated already (the suite's template): the seed is tested, not a first migration (user-create-cli.test.ts has that).
seedDataDirFromTemplate(dataDir);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function seedDemo(): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.NODE_ENV;
  if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/run-cli.js", "seed-demo"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

it("fills accounts, articles, content, a nutrition document, sessions, progress and a trained program once, and adds nothing on a second run", async () => {
  const first = await seedDemo();
  expect(first.code, first.output).toBe(0);
  expect(first.output).toContain("created  trainer trainer@demo.relentless");
  expect(first.output).toContain("created  member  member@demo.relentless");
  expect(first.output).toMatch(/created {2}\d+ articles/);
  expect(first.output).toMatch(/created {2}\d+ content manager items/);
  expect(first.output).toContain("created  1 nutrition document");
  expect(first.output).toMatch(/created {2}\d+ training sessions for member@demo\.relentless/);
  expect(first.output).toMatch(/created {2}\d+ progress entries and goals for member@demo\.relentless/);
  expect(first.output).toMatch(/created {2}1 program for member@demo\.relentless with \d+ finished workouts \(2 days missed\) and 1 coach comment/);
  expect(first.output).toContain("created  3 check-ins with front and side photos for member@demo.relentless (this week's waiting for review)");
  expect(first.output).toContain("created  3 messages between trainer@demo.relentless and member@demo.relentless");
  expect(first.output).toContain("created  2 group class bookings for member@demo.relentless");

  const second = await seedDemo();
  expect(second.code, second.output).toBe(0);
  expect(second.output).toContain("exists   member  member@demo.relentless");
  expect(second.output).not.toContain("created");
}, 200_000);
