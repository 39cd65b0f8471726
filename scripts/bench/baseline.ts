/**
 * The code the member pages are compared with in the same run: a git worktree of a ref
 * (BENCH_BASELINE_REF, by default the commit before issue 17's route work) under
 * .tmp/bench-baseline, with its own production build. Prepared once and reused while it is
 * at that ref and its build is up to date.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The last commit before issue 17 moved the member sections to their own routes. */
export const DEFAULT_BASELINE_REF = "680191f";
const BASELINE_DIR = path.resolve(".tmp/bench-baseline");
/** Written into the baseline's build folder after a successful build: the commit it was built from. */
const BUILD_STAMP = "build/.bench-commit";

export interface Baseline {
  /** The checkout to run the baseline server in. */
  dir: string;
  commit: string;
}

const git = (args: string[], cwd = ".") => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit code ${result.status})`);
}

function checkout(commit: string) {
  if (fs.existsSync(path.join(BASELINE_DIR, ".git"))) {
    if (git(["rev-parse", "HEAD"], BASELINE_DIR) === commit) return;
    git(["checkout", "--force", "--detach", commit], BASELINE_DIR);
    return;
  }
  fs.rmSync(BASELINE_DIR, { recursive: true, force: true });
  // --force: a worktree deleted by hand stays registered, and git would refuse the path.
  git(["worktree", "add", "--force", "--detach", BASELINE_DIR, commit]);
}

/**
 * The baseline uses this checkout's node_modules (a symlink) when both lock the same
 * packages; otherwise it installs its own.
 */
function installPackages(commit: string) {
  const modules = path.join(BASELINE_DIR, "node_modules");
  const sameLock = git(["show", `${commit}:package-lock.json`]) === fs.readFileSync("package-lock.json", "utf8").trim();
  const linked = fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  if (sameLock) {
    if (linked) return;
    fs.rmSync(modules, { recursive: true, force: true });
    fs.symlinkSync(fs.realpathSync("node_modules"), modules, "dir");
    return;
  }
  const installed = path.join(modules, ".bench-commit");
  if (fs.existsSync(installed) && fs.readFileSync(installed, "utf8") === commit) return;
  if (linked) fs.rmSync(modules);
  // npm install, not npm ci: the lock files lack other platforms' optional builds, which npm ci wants (STACK-NOTES.md).
  console.log(`  ${commit.slice(0, 7)} locks other packages than this checkout: npm install in ${BASELINE_DIR}`);
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], BASELINE_DIR);
  fs.writeFileSync(installed, commit);
}

export function prepareBaseline(ref = process.env.BENCH_BASELINE_REF || DEFAULT_BASELINE_REF): Baseline {
  const commit = git(["rev-parse", "--verify", `${ref}^{commit}`]);
  checkout(commit);
  installPackages(commit);
  const stamp = path.join(BASELINE_DIR, BUILD_STAMP);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === commit) {
    console.log(`  baseline ${ref} (${commit.slice(0, 7)}): ${BASELINE_DIR}, build up to date`);
  } else {
    console.log(`  baseline ${ref} (${commit.slice(0, 7)}): building in ${BASELINE_DIR}…`);
    run("npm", ["run", "build"], BASELINE_DIR);
    fs.writeFileSync(stamp, commit);
  }
  return { dir: BASELINE_DIR, commit };
}
