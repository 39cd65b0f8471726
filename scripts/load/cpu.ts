/**
 * CPU time of the processes under test, from /proc (Linux): a server process's user +
 * system time, and a PostgreSQL cluster's (the postmaster, what it reaped from exited
 * backends, and its live children).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

/** utime, stime, cutime, cstime and the parent's pid of a process, or null once it has gone. */
function stat(pid: number): { ppid: number; own: number; reaped: number } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // Fields after the command's closing parenthesis: state (3), ppid (4) … utime (14), stime (15), cutime (16), cstime (17).
  const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const n = (field: number) => Number(f[field - 3]);
  return { ppid: n(4), own: n(14) + n(15), reaped: n(16) + n(17) };
}

/** A process's CPU time so far, ms (0 once it has gone). */
export function processCpuMs(pid: number): number {
  return (stat(pid)?.own ?? 0) * TICK_MS;
}

export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => stat(child)?.ppid === pid);
}

/** A PostgreSQL cluster's CPU time so far, ms: a backend that exits between two readings moves into the postmaster's reaped time, so differences stay whole. */
export function clusterCpuMs(postmaster: number): number {
  const main = stat(postmaster);
  if (!main) return 0;
  return (main.own + main.reaped + childrenOf(postmaster).reduce((sum, child) => sum + (stat(child)?.own ?? 0), 0)) * TICK_MS;
}

/** The postmaster's pid: the parent of the backend serving a connection to `url`. */
export async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const parent = stat(rows[0]!.pid)?.ppid;
    if (!parent) throw new Error("Could not find the PostgreSQL cluster's postmaster in /proc");
    return parent;
  } finally {
    await client.end();
  }
}

/** The CPU of the server processes (and the cluster's), read before and after a stretch of work. */
export interface CpuMeter {
  read(): { server: number; database: number };
}

export function cpuMeter(serverPids: number[], postmaster: number | null): CpuMeter {
  return {
    read: () => ({ server: serverPids.reduce((sum, pid) => sum + processCpuMs(pid), 0), database: postmaster ? clusterCpuMs(postmaster) : 0 }),
  };
}
