/**
 * wrk (Debian's package), the load generator of the public pages' comparison with nginx:
 * written in C, it is not the bottleneck the way autocannon is (docs/decisions/0041). It
 * runs on the load generator's core (scripts/bench/cores.ts).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { cores, findCommand } from "./cores";

export const WRK_INSTALL_HINT = "apt-get install -y wrk";

const run = promisify(execFile);

export function findWrk(): string | null {
  return findCommand("wrk", process.env.WRK_PATH);
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
