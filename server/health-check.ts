/**
 * GET /healthz (the operating contract: 200 `{"status":"ok"}` when the database answers,
 * 503 otherwise), answered by the process's own server before anything else, so it answers
 * as soon as the database is open and migrated, while the rest of the application still
 * loads (decision 0170). Plain node:http: express is not loaded yet when it first answers.
 */
import type http from "node:http";
import type { Database } from "~/db/client.server";
import { getLogger } from "~/lib/logger.server";
import { securityHeaderList } from "./security";

export function isHealthCheck(req: http.IncomingMessage): boolean {
  return req.url === "/healthz" || Boolean(req.url?.startsWith("/healthz?"));
}

export async function answerHealthCheck(res: http.ServerResponse, database: Database, https: boolean): Promise<void> {
  let ok = false;
  try {
    ok = await database.ping();
  } catch (error) {
    getLogger().error({ err: error }, "health check failed");
  }
  // A JSON answer runs no script: the page headers with scripts from the site only.
  for (const [name, value] of securityHeaderList({ https, scriptSrc: "'self'" })) res.setHeader(name, value);
  res.writeHead(ok ? 200 : 503, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  res.end(JSON.stringify({ status: ok ? "ok" : "unavailable" }));
}
