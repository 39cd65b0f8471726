/**
 * The restart time: from spawning `npm start` (the build up to date, the database already
 * created and migrated) to the first 200 of /healthz; then the first page sent right
 * after it (/login, rendered for every request: it waits for the rest of the start,
 * decision 0153) and the same page once more.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sleep } from "./http";

/** `npm start` as npm runs it for this benchmark (npm_execpath under `npm run bench`), else npm from PATH. */
function npmStart(env: NodeJS.ProcessEnv): ChildProcess {
  const npm = process.env.npm_execpath;
  // Its own process group, so that one signal reaches npm and the server it started.
  const options: SpawnOptions = { env, stdio: ["ignore", "ignore", "inherit"], detached: true };
  return npm ? spawn(process.execPath, [npm, "start"], options) : spawn("npm", ["start"], options);
}

export interface Restart {
  /** From the spawn to the first 200 of /healthz. */
  healthy: number;
  /** From the spawn to the answer of the first page, sent as /healthz answered. */
  firstPage: number;
  /** That first page's own time, and the same page's next time. */
  firstPageLatency: number;
  nextPageLatency: number;
}

async function timePage(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status} after a restart`);
  return performance.now() - started;
}

/** Milliseconds to the first healthy answer and to the first page, for each of `times` starts one after another. */
export async function measureRestarts(env: Record<string, string> & { DATA_DIR: string }, baseUrl: string, times: number): Promise<Restart[]> {
  const results: Restart[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const child = npmStart({ ...process.env, ...env });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error("npm start exited while starting");
        if (performance.now() - started > 60_000) throw new Error("npm start did not answer /healthz within 60 s");
        const healthy = await fetch(`${baseUrl}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) break;
        await sleep(10);
      }
      const healthy = performance.now() - started;
      const firstPageLatency = await timePage(`${baseUrl}/login`);
      const firstPage = performance.now() - started;
      results.push({ healthy, firstPage, firstPageLatency, nextPageLatency: await timePage(`${baseUrl}/login`) });
    } finally {
      // npm, sh and node are one process group: SIGTERM reaches the server, which closes the database.
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
      // The server itself may still be closing the database: the next start waits for its lock to go.
      while (fs.existsSync(path.join(env.DATA_DIR, "db.lock"))) await sleep(20);
    }
  }
  return results;
}
