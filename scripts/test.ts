/**
 * npm test: every check, in the order that fails fastest.
 * typecheck → lint → build → unit and integration (Vitest) → end-to-end (Playwright + Chromium).
 * Ends with how long each step took.
 */
import { spawnSync } from "node:child_process";

const steps: Array<[string, string[]]> = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["build", ["run", "build"]],
  ["unit and integration tests", ["run", "test:unit"]],
  ["end-to-end tests", ["run", "test:e2e"]],
];

const took: string[] = [];
function report() {
  console.log("\nnpm test steps:");
  for (const line of took) console.log(`  ${line}`);
}

for (const [label, args] of steps) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync("npm", args, { stdio: "inherit" });
  const seconds = Math.round((Date.now() - started) / 1000);
  took.push(`${label.padEnd(28)} ${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s${result.status === 0 ? "" : "  FAILED"}`);
  if (result.status !== 0) {
    report();
    console.error(`\n✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}
report();
console.log("\n✔ all checks passed");
