/** Starts the built production server on its own port and DATA_DIR, as `npm start` would. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");

export async function waitForHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server at ${url} did not become healthy in ${timeoutMs} ms`);
}

export function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}
