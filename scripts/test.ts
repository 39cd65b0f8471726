/**
 * npm test: every check, in the order that fails fastest.
 * typecheck and lint side by side → build → unit and integration (Vitest on PGlite) →
 * end-to-end (Playwright + Chromium). Ends with how long each step took.
 *
 * With TEST_PG_LOG=<file> (CI) the Vitest suite also runs on PostgreSQL (npm run test:pg)
 * beside the browser tests, niced, its output in that file: the browser suite leaves
 * about one of the two cores idle (it waits on pages), which the PostgreSQL pass uses.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";

interface Command {
  label: string;
  argv: string[];
  /** Output to this file instead of the console. */
  log?: string;
}

const npm = (label: string, ...args: string[]): Command => ({ label, argv: ["npm", ...args] });
const pgLog = process.env.TEST_PG_LOG;

/** A step: commands run side by side (2 cores: typecheck and lint do not wait on each other). */
const steps: Array<[string, Command[]]> = [
  ["typecheck and lint", [npm("typecheck", "run", "typecheck"), npm("lint", "run", "lint")]],
  ["build", [npm("build", "run", "build")]],
  ["unit and integration tests", [npm("Vitest", "run", "test:unit")]],
  [
    pgLog ? "end-to-end tests, and Vitest on PostgreSQL" : "end-to-end tests",
    [npm("Playwright", "run", "test:e2e"), ...(pgLog ? [{ label: "Vitest on PostgreSQL", argv: ["nice", "-n", "5", "npm", "run", "test:pg"], log: pgLog }] : [])],
  ],
];

const took: string[] = [];
function report() {
  console.log("\nnpm test steps:");
  for (const line of took) console.log(`  ${line}`);
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;

/** Runs one command; resolves with its exit code and how long it took. */
function run(command: Command): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const out = command.log ? fs.openSync(command.log, "w") : "inherit";
    const child = spawn(command.argv[0]!, command.argv.slice(1), { stdio: ["ignore", out, out] });
    child.once("exit", (code) => {
      if (typeof out === "number") fs.closeSync(out);
      resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

for (const [label, commands] of steps) {
  console.log(`\n▶ ${label}`);
  const results = await Promise.all(commands.map(run));
  const failed = results.some((r) => r.code !== 0);
  for (const [i, r] of results.entries()) {
    const name = commands.length > 1 ? `${label}: ${commands[i]!.label}` : label;
    took.push(`${name.padEnd(44)} ${clock(r.seconds)}${r.code === 0 ? "" : "  FAILED"}`);
  }
  if (failed) {
    report();
    console.error(`\n✖ ${label} failed`);
    process.exit(1);
  }
}
report();
console.log("\n✔ all checks passed");
