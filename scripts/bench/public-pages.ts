/**
 * A public page from our page cache against nginx and bare node:http serving the same
 * bytes, measured with wrk (scripts/bench/wrk.ts). The runs take turns, and which goes
 * first rotates, so a busy moment of the machine falls on all three alike.
 */
import { startBareHttp } from "./bare-http";
import { mean } from "./member-pages";
import { startNginx } from "./nginx";
import { wrk, type WrkResult } from "./wrk";

export interface PublicPageComparison {
  /** Requests/s, the mean of the runs without compression. */
  ours: number;
  nginx: number;
  bare: number;
  oursP99Ms: number;
  /** One run each with `Accept-Encoding: gzip`, as browsers ask. */
  oursGzip: number;
  nginxGzip: number;
}

export async function comparePublicPage(options: { wrk: string; nginx: string; url: string; connections: number; duration: number; rounds: number }): Promise<PublicPageComparison> {
  // Uncompressed, so that nginx and node:http get the very bytes and headers we send for it.
  const page = await fetch(options.url, { headers: { "accept-encoding": "identity" } });
  if (page.status !== 200 || page.headers.has("content-encoding")) throw new Error(`${options.url} answered ${page.status} ${page.headers.get("content-encoding") ?? ""}`);
  const html = await page.text();
  const nginx = await startNginx(options.nginx, html);
  try {
    const bare = await startBareHttp(html, page);
    try {
      const load = (url: string, headers: Record<string, string> = {}) => wrk(options.wrk, { url, connections: options.connections, duration: options.duration, headers });
      const sides = { ours: options.url, nginx: nginx.url, bare: bare.url };
      const order = Object.keys(sides) as (keyof typeof sides)[];
      const runs: Record<keyof typeof sides, WrkResult[]> = { ours: [], nginx: [], bare: [] };
      for (let round = 0; round < options.rounds; round++) {
        const shift = round % order.length;
        for (const side of [...order.slice(shift), ...order.slice(0, shift)]) runs[side].push(await load(sides[side]));
      }
      const gzip = { "accept-encoding": "gzip" };
      const nginxGzip = await load(nginx.url, gzip);
      const oursGzip = await load(options.url, gzip);
      const rate = (side: keyof typeof sides) => mean(runs[side].map((r) => r.requestsPerSecond));
      return {
        ours: rate("ours"),
        nginx: rate("nginx"),
        bare: rate("bare"),
        oursP99Ms: Math.max(...runs.ours.map((r) => r.p99Ms)),
        oursGzip: oursGzip.requestsPerSecond,
        nginxGzip: nginxGzip.requestsPerSecond,
      };
    } finally {
      await bare.stop();
    }
  } finally {
    await nginx.stop();
  }
}
