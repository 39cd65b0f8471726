/** `npm run load`'s tables. */
import type { RestRow, SetupResult, Stats, StepResult } from "./setup";

const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)}`);
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => (i === 0 ? pad(c, widths[i]!) : lpad(c, widths[i]!))).join("  ")}`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const bad = (s: Stats) => (s.errors || s.timeouts || s.unexpected ? `${s.errors}/${s.timeouts}/${s.unexpected}` : "0");

/** Issue 49's ceiling on a page's own cost at rest (server and database CPU together): a set 5 ms, any other page 15. */
export const restGoalMs = (page: string) => (page.startsWith("set") ? 5 : 15);

/**
 * Each page at rest once the server is warm (after the steps): p50, CPU and the goal; beside
 * it the CPU of the same page measured just after the start, before the load.
 */
export function restTable(warm: RestRow[], cold: RestRow[], database: boolean): string {
  return table(
    ["page (sequential, quiet server, warm)", "p50 ms", "server CPU ms", ...(database ? ["database CPU ms", "together ms"] : []), "goal ms", "", "CPU ms after the start"],
    warm.map((r) => {
      const together = r.serverCpuMs + r.databaseCpuMs;
      const first = cold.find((c) => c.page === r.page);
      return [
        r.page,
        ms(r.p50),
        r.serverCpuMs.toFixed(1),
        ...(database ? [r.databaseCpuMs.toFixed(1), together.toFixed(1)] : []),
        `≤ ${restGoalMs(r.page)}`,
        together <= restGoalMs(r.page) ? "met" : "over",
        first ? (first.serverCpuMs + first.databaseCpuMs).toFixed(1) : "-",
      ];
    }),
  );
}

export function stepLine(step: StepResult, database: boolean): string {
  const o = step.overall;
  const cpu = database
    ? `CPU/request ${step.cpu.serverMs.toFixed(1)} + ${step.cpu.databaseMs.toFixed(1)} ms (server + database), cores ${step.cpu.serverPercent.toFixed(0)} % + ${step.cpu.databasePercent.toFixed(0)} %`
    : `CPU/request ${step.cpu.serverMs.toFixed(1)} ms, server core ${step.cpu.serverPercent.toFixed(0)} %`;
  return `  ${lpad(String(step.rate), 3)} req/s: sent ${step.sentPerSecond.toFixed(1)}/s, good ${step.goodPerSecond.toFixed(1)}/s; p50 ${ms(o.p50)}, p95 ${ms(o.p95)}, p99 ${ms(o.p99)} ms; errors/timeouts/unexpected ${bad(o)}; ${cpu}; generator ${step.cpu.generatorPercent.toFixed(0)} %, lag p99 ${step.lag.p99.toFixed(0)} ms${step.streamsDropped ? `; ${step.streamsDropped} streams dropped` : ""} ${step.pass ? "PASS" : "FAIL"}`;
}

/** Per kind (rows) and rate (columns): p50/p95/p99 and what went wrong. */
export function kindsTable(steps: StepResult[]): string {
  const kinds = [...new Set(steps.flatMap((s) => Object.keys(s.kinds)))];
  const rows = [...kinds, "overall"].map((kind) => [
    kind,
    ...steps.map((s) => {
      const k = kind === "overall" ? s.overall : s.kinds[kind];
      if (!k) return "-";
      return `${ms(k.p50)}/${ms(k.p95)}/${ms(k.p99)}${k.errors || k.timeouts || k.unexpected ? ` !${bad(k)}` : ""}`;
    }),
  ]);
  return table(["p50/p95/p99 ms (! errors/timeouts/unexpected)", ...steps.map((s) => `${s.rate} req/s`)], rows);
}

export function printSetup(result: SetupResult) {
  const database = result.name !== "pglite";
  console.log(`\n== ${result.label}: results (pinned: ${result.pinned})`);
  console.log(restTable(result.atRestWarm, result.atRest, database));
  console.log("");
  for (const step of result.steps) console.log(stepLine(step, database));
  console.log("");
  console.log(kindsTable(result.steps));
  console.log(`  highest rate with p99 ≤ 1 s and no errors: ${result.highest ? `${result.highest} req/s` : "none of the steps"}`);
  if (result.coachStage) {
    const { memberRate, coach, members } = result.coachStage;
    console.log(`  /coach, 5 coaches at once while members train at ${memberRate} req/s: p50 ${ms(coach.p50)}, p99 ${ms(coach.p99)} ms (${coach.n} loads, errors/timeouts/unexpected ${bad(coach)}) ${coach.p99 <= 1000 && bad(coach) === "0" ? "PASS" : "FAIL"} (target p99 ≤ 1 s); the members' p99 meanwhile ${ms(members.p99)} ms (${bad(members)})`);
  }
}

export function summaryTable(results: SetupResult[]): string {
  return table(
    ["set-up", "highest rate, p99 ≤ 1 s", "its p99 ms", "next step up", "CPU/request ms at the highest", "/coach × 5 p99 ms"],
    results.map((r) => {
      const at = r.steps.find((s) => s.rate === r.highest);
      const next = r.steps.find((s) => s.rate > r.highest);
      return [
        r.label,
        r.highest ? `${r.highest} req/s` : "none",
        at ? ms(at.overall.p99) : "-",
        next ? `${next.rate}: p99 ${ms(next.overall.p99)}, ${bad(next.overall)}` : "-",
        at ? (at.cpu.serverMs + at.cpu.databaseMs).toFixed(1) : "-",
        r.coachStage ? ms(r.coachStage.coach.p99) : "-",
      ];
    }),
  );
}
