/**
 * npm run test:e2e:repeat -- N [playwright arguments]: runs the browser suite N times
 * (each run with its own fresh server and data, as `npm run test:e2e` does) and reports
 * every test that failed at least once, with how often and its first error line.
 * Exits non-zero when any test failed in any run. Build first (npm run build).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

interface Outcome {
  test: string;
  status: string;
  durationMs: number;
  error?: string;
}

const [countArg, ...playwrightArgs] = process.argv.slice(2);
const runs = Number(countArg ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("Usage: npm run test:e2e:repeat -- N [playwright arguments]  (N: how many runs, at least 1)");
  process.exit(2);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-e2e-repeat-"));
const failures = new Map<string, { runs: number[]; error?: string }>();
const seen = new Set<string>();
const timings: string[] = [];

for (let run = 1; run <= runs; run += 1) {
  console.log(`\n▶ browser suite, run ${run} of ${runs}`);
  const file = path.join(dir, `run-${run}.json`);
  const started = Date.now();
  const result = spawnSync("npx", ["playwright", "test", ...playwrightArgs], {
    stdio: "inherit",
    env: { ...process.env, E2E_RESULTS_FILE: file },
  });
  timings.push(`run ${run}: ${((Date.now() - started) / 60_000).toFixed(1)} min, exit ${result.status}`);
  if (!fs.existsSync(file)) {
    failures.set(`(run ${run} ended before reporting: exit ${result.status})`, { runs: [run] });
    continue;
  }
  const { outcomes } = JSON.parse(fs.readFileSync(file, "utf8")) as { outcomes: Outcome[] };
  for (const o of outcomes) {
    seen.add(o.test);
    if (o.status === "passed" || o.status === "skipped") continue;
    const entry = failures.get(o.test) ?? { runs: [], error: o.error };
    entry.runs.push(run);
    failures.set(o.test, entry);
  }
}
fs.rmSync(dir, { recursive: true, force: true });

console.log(`\n${runs} runs of the browser suite (${seen.size} tests):`);
for (const line of timings) console.log(`  ${line}`);
if (failures.size === 0) {
  console.log("No test failed in any run.");
} else {
  console.log(`${failures.size} tests failed at least once:`);
  for (const [test, { runs: failedRuns, error }] of failures) {
    console.log(`  ${failedRuns.length}/${runs}  ${test}  (runs ${failedRuns.join(", ")})${error ? `\n        ${error}` : ""}`);
  }
}
process.exit(failures.size === 0 ? 0 : 1);
