/** A bare node:http server replaying one of our responses: the ceiling of any Node.js server for it. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../free-port";
import { onServerCore } from "./cores";

/** Set per connection by node:http itself, so not replayed. */
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

export interface BareHttp {
  url: string;
  stop: () => Promise<void>;
}

/** Serves `body` with the headers of `response` (ours) at every path, on the server's core. */
export async function startBareHttp(body: string, response: Response): Promise<BareHttp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-bare-http-"));
  const bodyFile = path.join(dir, "body");
  fs.writeFileSync(bodyFile, body);
  const headers = [...response.headers].filter(([name]) => !PER_CONNECTION.has(name)).flat();
  const port = await freePort();
  const [command, ...args] = onServerCore([process.execPath, path.join(import.meta.dirname, "bare-http-server.mjs")]);
  const child = spawn(command!, args, { env: { ...process.env, BODY_FILE: bodyFile, HEADERS_JSON: JSON.stringify(headers), PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`The bare node:http server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
