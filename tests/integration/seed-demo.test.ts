/**
 * `npm run seed:demo` as a real process: the first run creates the demo accounts and
 * their sample content, a second run adds nothing. On PGlite it gets a DATA_DIR of its own;
 * in the PostgreSQL run it uses this file's database.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { getDb, openDatabase, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingMandate, billingPayment, billingReceipt, memberPlan } from "~/db/schema/billing";
import { seedDataDirFromTemplate } from "../support/migrated-database";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-seed-"));
// Migrated already (the suite's template): the seed is tested, not a first migration (user-create-cli.test.ts has that).
seedDataDirFromTemplate(dataDir);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The database the CLI wrote to: this file's PostgreSQL database, or the PGlite in dataDir. */
async function withCliDatabase<T>(run: (db: Db) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return run(getDb());
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

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

it("fills accounts, articles, content, a nutrition document, sessions, progress, a trained program and billing once, and adds nothing on a second run", async () => {
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
  expect(first.output).toContain("created  1 weekly Online Coaching plan by direct debit for member@demo.relentless with 4 paid weeks and receipts, and 1 failed payment");

  const second = await seedDemo();
  expect(second.code, second.output).toBe(0);
  expect(second.output).toContain("exists   member  member@demo.relentless");
  expect(second.output).not.toContain("created");

  // The demo's billing, once: past due on the weekly package, four receipts numbered in order, a demo mandate.
  await withCliDatabase(async (db) => {
    const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, "member@demo.relentless"));
    const plans = await db.select().from(memberPlan).where(eq(memberPlan.memberId, member!.id));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ productId: "prod_online_coaching", method: "direct_debit", status: "past_due" });
    expect(plans[0]!.unpaidSince).not.toBeNull();
    const payments = await db.select({ status: billingPayment.status }).from(billingPayment).where(eq(billingPayment.memberId, member!.id)).orderBy(billingPayment.periodStart);
    expect(payments.map((p) => p.status)).toEqual(["confirmed", "confirmed", "confirmed", "confirmed", "failed"]);
    const numbers = (await db.select({ n: billingReceipt.number }).from(billingReceipt).where(eq(billingReceipt.memberId, member!.id)).orderBy(billingReceipt.number)).map((r) => r.n);
    expect(numbers).toEqual([1, 2, 3, 4]);
    const [mandate] = await db.select().from(billingMandate).where(eq(billingMandate.memberId, member!.id));
    expect(mandate?.providerMandateId).toMatch(/^MD_DEMO/);
  });
}, 200_000);
