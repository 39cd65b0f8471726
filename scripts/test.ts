/**
 * npm test: every check, in the order that fails fastest.
 * typecheck, lint and build side by side → unit and integration (Vitest on PGlite) →
 * end-to-end (Playwright + Chromium) and, beside it, the Vitest suite again on a private
 * PostgreSQL cluster (when PostgreSQL's server is installed). Ends with how long each
 * step took.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

interface Command {
  label: string;
  argv: string[];
  /** Its output is held and printed whole when it ends, not mixed into the output of the command beside it. */
  held?: boolean;
}

const npm = (label: string, ...args: string[]): Command => ({ label, argv: ["npm", ...args] });

/** PostgreSQL's server binaries, where scripts/with-postgres.sh looks for them (PG_BIN, or Debian's). */
function hasPostgres(): boolean {
  if (process.env.PG_BIN) return fs.existsSync(path.join(process.env.PG_BIN, "initdb"));
  const root = "/usr/lib/postgresql";
  return fs.existsSync(root) && fs.readdirSync(root).some((version) => fs.existsSync(path.join(root, version, "bin", "initdb")));
}

/**
 * A step: commands run side by side. The build needs neither typecheck nor lint, and the
 * three together keep both cores busy where two left one idle while the slower finished.
 * The browser suite leaves a core idle about half the time (it waits on Chromium): the
 * PostgreSQL pass runs beside it on one worker (docs/testing.md).
 */
const postgresPass: Command[] = hasPostgres() ? [{ ...npm("Vitest on PostgreSQL", "run", "test:pg", "--", "--maxWorkers=1"), held: true }] : [];
const steps: Array<[string, Command[]]> = [
  ["typecheck, lint and build", [npm("typecheck", "run", "typecheck"), npm("lint", "run", "lint"), npm("build", "run", "build")]],
  ["unit and integration tests", [npm("Vitest", "run", "test:unit")]],
  [postgresPass.length ? "browser tests, PostgreSQL pass" : "end-to-end tests", [npm("Playwright", "run", "test:e2e"), ...postgresPass]],
];

const took: string[] = [];
function report() {
  console.log("\nnpm test steps:");
  for (const line of took) console.log(`  ${line}`);
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;

/** Runs one command; resolves with its exit code, how long it took and its output when held. */
function run(command: Command): Promise<{ code: number; seconds: number; output: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command.argv[0]!, command.argv.slice(1), { stdio: ["ignore", command.held ? "pipe" : "inherit", command.held ? "pipe" : "inherit"] });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("close", (code) => resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000), output }));
  });
}

if (!postgresPass.length) console.log("PostgreSQL's server is not installed (apt-get install postgresql, or PG_BIN): the PostgreSQL pass is left out.");
for (const [label, commands] of steps) {
  console.log(`\n▶ ${label}`);
  const results = await Promise.all(commands.map(run));
  for (const [i, r] of results.entries()) {
    if (!commands[i]!.held) continue;
    console.log(`\n▶ ${commands[i]!.label} (ran beside the step's other commands)\n`);
    process.stdout.write(r.output);
  }
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
