/**
 * npm run load — autocannon for 60 s at 100 connections over a mix of what the site
 * serves: public pages (signed-out visitors), sign-in (POST /login, each from its own
 * X-Forwarded-For address, the server runs with TRUST_PROXY=true so the per-address
 * limit is the real one), the member dashboard and Progress section (signed-in
 * members' cookies) and progress writes. Prints requests/s, p50/p90/p99 latency, and
 * the answers by kind. Target: no errors (timeouts, connection errors, 5xx) and no
 * unexpected answers. Needs `npm run build` first.
 *
 * PGlite by default; on PostgreSQL: bash scripts/with-postgres.sh npm run load
 * (LOAD_DURATION and LOAD_CONNECTIONS override 60 and 100.)
 */
import os from "node:os";
import type { Request, RequestContext, RequestParams } from "autocannon";
import { freePort } from "./free-port";
import { BENCH_PASSWORD, memberEmail } from "./bench/fixtures";
import { cannon, freshIp, signIn } from "./bench/http";
import { newDataDir, seedInChild, startBenchServer } from "./bench/serve";

const DURATION = Number(process.env.LOAD_DURATION ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const MEMBERS = 20;

type Kind = "public page" | "sign-in" | "dashboard" | "progress page" | "progress write";
/** What each kind must answer; anything else is counted as unexpected. */
const EXPECTED: Record<Kind, number[]> = {
  "public page": [200],
  "sign-in": [302],
  dashboard: [200],
  "progress page": [200],
  "progress write": [200],
};
const answers = new Map<Kind, Map<number, number>>();
/** Requests sent per kind: those never answered (timeouts, mostly) are sent minus answered. */
const sent = new Map<Kind, number>();
function track(kind: Kind, request: RequestParams): RequestParams {
  sent.set(kind, (sent.get(kind) ?? 0) + 1);
  return request;
}
function count(kind: Kind, status: number) {
  const byStatus = answers.get(kind) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  answers.set(kind, byStatus);
}

async function main() {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = newDataDir();
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`Load test — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${database}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  await seedInChild({ dataDir, baseUrl, members: MEMBERS, measure: false });
  const server = await startBenchServer({ TRUST_PROXY: "true" }, { dataDir, port });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < MEMBERS; i++) cookies.push(await signIn(baseUrl, memberEmail(i), BENCH_PASSWORD));
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    let connection = 0;

    const get = (kind: Kind, path: string, member = false): Request => ({
      method: "GET",
      path,
      setupRequest: (request, context) => track(kind, member ? { ...request, headers: { ...request.headers, cookie: memberCookie(context) } } : request),
      onResponse: (status) => count(kind, status),
    });
    const memberCookie = (context: RequestContext) => {
      context.member ??= connection++ % MEMBERS;
      return cookies[context.member as number]!;
    };
    const requests: Request[] = [
      get("public page", "/"),
      get("public page", "/services"),
      get("dashboard", "/members", true),
      get("public page", "/about"),
      {
        // What the Progress section's "Log Body Composition" form sends (a React Router action).
        method: "POST",
        path: "/members/progress.data",
        setupRequest: (request, context) =>
          track("progress write", {
            ...request,
            headers: { "content-type": "application/x-www-form-urlencoded", cookie: memberCookie(context) },
            body: new URLSearchParams({ intent: "log-body", type: "weight", value: String(150 + Math.round(Math.random() * 50)), date: yesterday, notes: "" }).toString(),
          }),
        onResponse: (status) => count("progress write", status),
      },
      get("public page", "/services/personal-training"),
      get("progress page", "/members/progress", true),
      get("public page", "/contact"),
      {
        method: "POST",
        path: "/login",
        setupRequest: (request, context) => {
          const member = (context.member as number | undefined) ?? 0;
          return track("sign-in", {
            ...request,
            headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshIp() },
            body: new URLSearchParams({ email: memberEmail(member), password: BENCH_PASSWORD, redirectTo: "/members" }).toString(),
          });
        },
        onResponse: (status) => count("sign-in", status),
      },
      get("public page", "/transformations"),
    ];

    console.log(`autocannon: ${CONNECTIONS} connections for ${DURATION} s, ${requests.length} requests per round (6 public pages, 2 member pages, 1 progress write, 1 sign-in)…`);
    const result = await cannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: DURATION, requests });
    const healthy = (await fetch(`${baseUrl}/healthz`)).ok;
    // Every acknowledged write must be there: the members' own CSV exports, yesterday's rows.
    let rowsFound = 0;
    for (const cookie of cookies) {
      const csv = await (await fetch(`${baseUrl}/members/progress.csv`, { headers: { cookie } })).text();
      rowsFound += csv.split("\n").filter((line) => line.includes(yesterday)).length;
    }
    const acknowledged = answers.get("progress write")?.get(200) ?? 0;
    // Writes still under way when the run stopped may be saved too, unacknowledged.
    const writesKept = rowsFound >= acknowledged && rowsFound <= (sent.get("progress write") ?? 0);

    console.log(`\n${result.requests.total} requests in ${result.duration} s: ${result.requests.average.toFixed(0)} requests/s`);
    console.log(`latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
    console.log(`errors ${result.errors} (timeouts ${result.timeouts}, resets ${result.resets}), 5xx ${result["5xx"]}`);
    let unexpected = 0;
    console.log("answers by kind:");
    for (const kind of new Set([...sent.keys(), ...answers.keys()])) {
      const byStatus = answers.get(kind) ?? new Map<number, number>();
      const parts = [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status} × ${n}`);
      for (const [status, n] of byStatus) if (!EXPECTED[kind].includes(status)) unexpected += n;
      const answered = [...byStatus.values()].reduce((a, b) => a + b, 0);
      const missing = (sent.get(kind) ?? 0) - answered;
      console.log(`  ${kind.padEnd(15)} ${parts.join(", ")}${missing > 0 ? `; ${missing} sent without an answer (timed out or under way at the end)` : ""}`);
    }
    console.log(`server healthy afterwards: ${healthy ? "yes" : "NO"}; progress rows found ${rowsFound} for ${acknowledged} acknowledged writes (${sent.get("progress write") ?? 0} sent) ${writesKept ? "ok" : "MISSING"}`);
    const pass = result.errors === 0 && result.timeouts === 0 && result["5xx"] === 0 && unexpected === 0 && healthy && writesKept;
    console.log(`\n${pass ? "PASS" : "FAIL"}: ${unexpected} unexpected answers, ${result.errors} errors, ${result["5xx"]} 5xx (target 0). Load average now ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    return pass ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
