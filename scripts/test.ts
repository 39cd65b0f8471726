/**
 * npm test: every check, in the order that fails fastest.
 * typecheck, lint and build side by side → unit and integration (Vitest on PGlite) →
 * end-to-end (Playwright + Chromium). Ends with how long each step took.
 * (Running the PostgreSQL pass beside the browser suite saved a minute but made a browser
 * test miss its time once: CI runs `npm run test:pg` after this.)
 */
import { spawn } from "node:child_process";

interface Command {
  label: string;
  argv: string[];
}

const npm = (label: string, ...args: string[]): Command => ({ label, argv: ["npm", ...args] });

/**
 * A step: commands run side by side. The build needs neither typecheck nor lint, and the
 * three together keep both cores busy where two left one idle while the slower finished.
 */
const steps: Array<[string, Command[]]> = [
  ["typecheck, lint and build", [npm("typecheck", "run", "typecheck"), npm("lint", "run", "lint"), npm("build", "run", "build")]],
  ["unit and integration tests", [npm("Vitest", "run", "test:unit")]],
  ["end-to-end tests", [npm("Playwright", "run", "test:e2e")]],
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
    const child = spawn(command.argv[0]!, command.argv.slice(1), { stdio: ["ignore", "inherit", "inherit"] });
    child.once("exit", (code) => resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }));
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
