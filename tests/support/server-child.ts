/**
 * The built server as a child process whose output a test reads as it comes (start-up
 * messages, refusals): `node scripts/serve-build.js` with only the environment given.
 * Needs `npm run build` first. scripts/reliability/server.ts starts one and waits until it
 * listens; this one also lets a test see it refuse to start.
 */
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";

export interface ServerChild {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServerChild(env: Record<string, string>): ServerChild {
  const child = spawn(process.execPath, ["scripts/serve-build.js"], {
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "warn", DATABASE_URL: process.env.DATABASE_URL ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitForOutput(started: ServerChild, text: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for "${text}". Output:\n${started.output()}`);
    if (started.child.exitCode !== null) throw new Error(`Exited with ${started.child.exitCode} before "${text}":\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
