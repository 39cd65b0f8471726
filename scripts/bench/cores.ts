/**
 * Which core does what in the bench's load runs: on a machine of two or more cores the
 * server under test runs on core 0 and the load generator (wrk, or the bench process with
 * autocannon) on core 1, so each server gets the same single core and none competes with
 * the load (docs/decisions/0041). taskset comes with Debian's util-linux.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

/** A program's path: `preferred` when it exists (an environment variable's value), else the first on PATH. */
export function findCommand(name: string, preferred?: string): string | null {
  if (preferred && fs.existsSync(preferred)) return preferred;
  const which = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** The cores: the server under test's and the load generator's, or null when there is one core or no taskset. */
export const cores: { server: string; load: string } | null = os.cpus().length >= 2 && findCommand("taskset") ? { server: "0", load: "1" } : null;

/** The command line that starts `argv` on the server's core (unchanged without pinning). */
export function onServerCore(argv: string[]): string[] {
  return cores ? ["taskset", "-c", cores.server, ...argv] : argv;
}

/** Moves a running process (every thread) to the server's or the load generator's core, or back to every core with `all`. */
export function pinProcess(pid: number, where: "server" | "load" | "all"): void {
  if (!cores) return;
  pinToCpus(pid, where === "all" ? `0-${os.cpus().length - 1}` : cores[where]);
}

/** Moves a running process (every thread) to the cores `cpus` names (taskset's list: "0", "0-1"). */
export function pinToCpus(pid: number, cpus: string): void {
  const result = spawnSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`taskset could not pin process ${pid}: ${result.stderr}`);
}
