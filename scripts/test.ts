/**
 * npm test: every check, arranged for the 2-core machines CI runs on (docs/testing.md).
 *   1. typecheck, lint and build side by side (Vitest must not start before the typecheck
 *      has read its files: every Vite server Vitest starts rewrites .react-router/types);
 *   2. Vitest on PGlite;
 *   3. Playwright in Chromium, and beside it at the lowest priority the Vitest suite again
 *      on a private PostgreSQL cluster (`npm run test:pg`): the browser suite waits on pages
 *      for about a fifth of the machine's time, and the PostgreSQL pass takes only what it
 *      leaves, so the browser tests keep their pace.
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
  /** Beside the step's main command, at this niceness (0: the same priority): its output is shown when it ends. */
  beside?: number;
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

/** Runs one command: the main one streams its output, one beside it is niced and shown when it ends. */
function run(command: Command): Promise<Outcome> {
  const started = Date.now();
  const argv = command.beside ? ["nice", "-n", String(command.beside), ...command.argv] : command.argv;
  // Piped, so the runners would drop their colours: kept when npm test itself writes to a terminal.
  const env = command.beside === undefined && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env;
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ["ignore", "pipe", "pipe"], env });
  running.add(child);
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      output.push(chunk);
      if (command.beside === undefined) (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
    });
  }
  return new Promise((resolve) => {
    child.once("close", (code) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      const text = output.join("");
      if (command.beside !== undefined) process.stdout.write(`\n──── ${command.label} (beside the main step), its output:\n${text}──── end of ${command.label}\n`);
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
await all([start(npm("typecheck", "typecheck", { beside: 0 })), start(npm("lint", "lint", { beside: 0 })), start(npm("build", "build"))]);

console.log("\n▶ unit and integration tests (Vitest on PGlite)");
await all([start(npm("Vitest on PGlite", "test:unit", { results: VITEST_RESULTS }))]);

const postgres = havePostgres();
if (!postgres && process.env.CI) finish("the PostgreSQL pass (no PostgreSQL server binaries: apt-get install postgresql)");
console.log(`\n▶ end-to-end tests (Playwright)${postgres ? ", with the Vitest suite on PostgreSQL beside them" : ""}`);
if (!postgres) console.log("PostgreSQL's server binaries are not installed (apt-get install postgresql): the PostgreSQL pass is left out.");
await all([
  start(npm("Playwright", "test:e2e", { results: PLAYWRIGHT_RESULTS })),
  ...(postgres ? [start(npm("Vitest on PostgreSQL", "test:pg", { beside: 19, results: VITEST_RESULTS }))] : []),
]);
finish(null);
