/**
 * A page served as the server serves one, for the tests of background work that yields to
 * requests: counted in flight (countRequestsInFlight), reading the database.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { getDb } from "~/db/client.server";
import { countRequestsInFlight } from "./requests-in-flight.server";

export async function startCountedPage(): Promise<{ url: string; stop: () => Promise<void> }> {
  const app = express();
  app.use(countRequestsInFlight);
  app.get("/page", async (_req, res) => {
    const result = (await getDb().execute(sql`select count(*)::int as n from jobs`)) as unknown as { rows: Array<{ n: number }> };
    res.end(String(result.rows[0]!.n));
  });
  const server: http.Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
