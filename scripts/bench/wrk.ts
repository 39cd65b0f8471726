/**
 * wrk (Debian's package), the load generator of the public pages' comparison with nginx:
 * written in C, it is not the bottleneck the way autocannon is (docs/decisions/0041).
 * On a machine of two or more cores the server under test runs on core 0 and wrk on
 * core 1, so each server gets the same single core and never competes with the load.
 */
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { promisify } from "node:util";

export const WRK_INSTALL_HINT = "apt-get install -y wrk";

const run = promisify(execFile);

function onPath(command: string): string | null {
  const which = spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export function findWrk(): string | null {
  const fromEnv = process.env.WRK_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return onPath("wrk");
}

/** The cores: the server under test's and the load generator's, or null when there is one core or no taskset. */
export const cores: { server: string; load: string } | null = os.cpus().length >= 2 && onPath("taskset") ? { server: "0", load: "1" } : null;

/** The command line that starts `argv` on the server's core (unchanged without pinning). */
export function onServerCore(argv: string[]): string[] {
  return cores ? ["taskset", "-c", cores.server, ...argv] : argv;
}

/** Moves a running process (every thread) to the server's or the load generator's core, or back to every core with `all`. */
export function pinProcess(pid: number, where: "server" | "load" | "all"): void {
  if (!cores) return;
  const cpus = where === "all" ? `0-${os.cpus().length - 1}` : cores[where];
  const result = spawnSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`taskset could not pin process ${pid}: ${result.stderr}`);
}

export interface WrkResult {
  requestsPerSecond: number;
  p99Ms: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Parses wrk's report; a run with an error or an answer other than 2xx is refused, as with autocannon. */
export function parseWrk(report: string, url: string): WrkResult {
  const lines = report.split("\n").map((line) => line.trim());
  const rate = /^Requests\/sec:\s+([\d.]+)$/.exec(lines.find((line) => line.startsWith("Requests/sec:")) ?? "");
  const p99 = /^99%\s+([\d.]+)(us|ms|s|m)$/.exec(lines.find((line) => line.startsWith("99%")) ?? "");
  if (!rate || !p99) throw new Error(`${url}: wrk's report was not understood:\n${report}`);
  const failures = lines.filter((line) => line.startsWith("Non-2xx or 3xx responses:") || line.startsWith("Socket errors:"));
  if (failures.length > 0) throw new Error(`${url}: ${failures.join("; ")}`);
  return { requestsPerSecond: Number(rate[1]), p99Ms: Number(p99[1]) * UNIT_MS[p99[2]!]! };
}

/** One wrk run in a new process (one thread, on the load generator's core). */
export async function wrk(binary: string, options: { url: string; connections: number; duration: number; headers?: Record<string, string> }): Promise<WrkResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const argv = [binary, "-t1", `-c${options.connections}`, `-d${options.duration}s`, "--latency", ...headerArgs, options.url];
  const [command, ...args] = cores ? ["taskset", "-c", cores.load, ...argv] : argv;
  const { stdout } = await run(command!, args, { maxBuffer: 1 << 20 });
  return parseWrk(stdout, options.url);
}
