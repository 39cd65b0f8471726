/**
 * npm test: every check, in the order that fails fastest.
 * typecheck → lint → build → unit and integration (Vitest) → end-to-end (Playwright + Chromium).
 */
import { spawnSync } from "node:child_process";

const steps: Array<[string, string[]]> = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["build", ["run", "build"]],
  ["unit and integration tests", ["run", "test:unit"]],
  ["end-to-end tests", ["run", "test:e2e"]],
];

for (const [label, args] of steps) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync("npm", args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ all checks passed");
