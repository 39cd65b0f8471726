/**
 * `npm run bench -- --only payments`: the staff payments page (/coach/payments) at
 * PAYMENTS_MEMBERS members with two years of weekly payments each (seed-payments.ts):
 * its loader against the SQL it sends (target: at most 2 ×), the same with a month and a
 * status filter, and the whole CSV export, all in process.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { newDataDir } from "./serve";

export const PAYMENTS_STAFF_EMAIL = "payments@bench.example";
/** The size; BENCH_PAYMENTS_MEMBERS sets fewer for a quick look. */
export const PAYMENTS_MEMBERS = Number(process.env.BENCH_PAYMENTS_MEMBERS ?? 300);
export const PAYMENT_WEEKS = 104;

export interface PaymentsResults {
  seedMs: number;
  payments: number;
  loaders: Array<{ name: string; loaderMs: number; sqlMs: number; statements: number }>;
  csv: { ms: number; rows: number; bytes: number };
}

export async function benchPayments(): Promise<PaymentsResults> {
  const dataDir = newDataDir();
  const out = path.join(dataDir, "payments-seed.json");
  try {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/seed-payments.ts"], {
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn", BENCH_OUT: out },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`Seeding the payments failed (exit code ${code})`);
    return JSON.parse(fs.readFileSync(out, "utf8")) as PaymentsResults;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
