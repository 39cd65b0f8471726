/**
 * `npm run bench -- --only events`: one GoCardless webhook of 250 events (its batch size)
 * answered by the intake and processed on the job store (scripts/bench/seed-events.ts, a
 * child process on a fresh database and a stand-in of the API).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { newDataDir } from "./serve";

export interface EventsResults {
  events: number;
  status: number;
  answerMs: number;
  processMs: number;
}

export async function benchEvents(): Promise<EventsResults> {
  const dataDir = newDataDir();
  const out = path.join(dataDir, "events.json");
  try {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/seed-events.ts"], {
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn", BENCH_OUT: out },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`The events batch failed (exit code ${code})`);
    return JSON.parse(fs.readFileSync(out, "utf8")) as EventsResults;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
