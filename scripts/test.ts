/**
 * npm test: every check, in the order that fails fastest (docs/testing.md).
 *   1. typecheck, lint and build side by side (Vitest must not start before the typecheck
 *      has read its files: every Vite server Vitest starts rewrites .react-router/types);
 *   2. Vitest on PGlite;
 *   3. Playwright in Chromium;
 *   4. the Vitest suite again on a private PostgreSQL cluster (`npm run test:pg`). Beside
 *      the browser suite, even at the lowest priority, it slowed the browser tests by as
 *      much as it saved: Linux gives Chromium's session and each PostgreSQL backend a share
 *      of their own whatever their priority (autogroups), and nothing was idle to take.
 * The first step that fails ends the run. Without PostgreSQL's server binaries the
 * PostgreSQL pass is left out with a note, except under CI (CI=true), where that fails.
 * Output: one command of each step as it runs (the others all at once when they end), then
 * each command's time and each runner's result lines. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

interface Command {
  label: string;
  argv: string[];
  /** Beside the step's main command: its output is shown all at once when it ends. */
  beside?: true;
  /** The lines of its output worth repeating at the end (the runner's result). */
  results?: RegExp;
}

interface Outcome {
  code: number;
  seconds: number;
}

const npm = (label: string, script: string, extra: Partial<Command> = {}): Command => ({ label, argv: ["npm", "run", script], ...extra });
const VITEST_RESULTS = /^ *(Test Files|Tests|Errors|Duration) {2}/;
const PLAYWRIGHT_RESULTS = /^ +\d+ (passed|failed|flaky|skipped|interrupted|did not run)/;

const took: string[] = [];
const results: string[] = [];
const running = new Set<ReturnType<typeof spawn>>();

const clock = (seconds: number) => `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
// eslint-disable-next-line no-control-regex -- the colour codes runners print
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*[a-z]/gi, "");

/** Runs one command: the main one streams its output, one beside it shows it when it ends. */
function run(command: Command): Promise<Outcome> {
  const started = Date.now();
  // Piped, so the runners would drop their colours: kept when npm test itself writes to a terminal.
  const env = !command.beside && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env;
  const child = spawn(command.argv[0]!, command.argv.slice(1), { stdio: ["ignore", "pipe", "pipe"], env });
  running.add(child);
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      output.push(chunk);
      if (!command.beside) (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
    });
  }
  return new Promise((resolve) => {
    child.once("close", (code) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      const text = output.join("");
      if (command.beside) process.stdout.write(`\n──── ${command.label} (beside the main step), its output:\n${text}──── end of ${command.label}\n`);
      took.push(`${command.label.padEnd(44)} ${clock(seconds)}${code === 0 ? "" : "  FAILED"}`);
      const lines = command.results ? plain(text).split("\n").filter((line) => command.results!.test(line)) : [];
      if (lines.length) results.push(`${command.label}:`, ...lines.map((line) => `  ${line.trim()}`));
      resolve({ code: code ?? 1, seconds });
    });
  });
}

function finish(failed: string | null): never {
  for (const child of running) child.kill("SIGTERM");
  console.log("\nnpm test steps:");
  for (const line of took) console.log(`  ${line}`);
  if (results.length) console.log(`\nnpm test results:\n${results.map((line) => `  ${line}`).join("\n")}`);
  if (failed) {
    console.error(`\n✖ ${failed} failed`);
    process.exit(1);
  }
  console.log("\n✔ all checks passed");
  process.exit(0);
}

/** Waits for every command; ends the run at the first that fails. */
async function all(commands: Array<[Command, Promise<Outcome>]>): Promise<void> {
  await Promise.all(
    commands.map(async ([command, outcome]) => {
      if ((await outcome).code !== 0) finish(command.label);
    }),
  );
}

/** PostgreSQL's server binaries, as scripts/with-postgres.sh looks for them. */
function havePostgres(): boolean {
  if (process.env.PG_BIN) return fs.existsSync(path.join(process.env.PG_BIN, "initdb"));
  const root = "/usr/lib/postgresql";
  return fs.existsSync(root) && fs.readdirSync(root).some((version) => fs.existsSync(path.join(root, version, "bin", "initdb")));
}

const start = (command: Command): [Command, Promise<Outcome>] => [command, run(command)];

console.log("\n▶ typecheck, lint and build, side by side");
await all([start(npm("typecheck", "typecheck", { beside: true })), start(npm("lint", "lint", { beside: true })), start(npm("build", "build"))]);

console.log("\n▶ unit and integration tests (Vitest on PGlite)");
await all([start(npm("Vitest on PGlite", "test:unit", { results: VITEST_RESULTS }))]);

console.log("\n▶ end-to-end tests (Playwright)");
await all([start(npm("Playwright", "test:e2e", { results: PLAYWRIGHT_RESULTS }))]);

if (havePostgres()) {
  console.log("\n▶ the Vitest suite again on PostgreSQL (npm run test:pg)");
  await all([start(npm("Vitest on PostgreSQL", "test:pg", { results: VITEST_RESULTS }))]);
} else if (process.env.CI) {
  finish("the PostgreSQL pass (no PostgreSQL server binaries: apt-get install postgresql)");
} else {
  console.log("\nPostgreSQL's server binaries are not installed (apt-get install postgresql): the PostgreSQL pass is left out.");
}
finish(null);
