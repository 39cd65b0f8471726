/**
 * Crash test: every write the server acknowledged survives a SIGKILL.
 *
 *   npm run reliability:crash                          (PGlite in a temp DATA_DIR)
 *   DATABASE_URL=postgres://…/scratch npm run reliability:crash   (PostgreSQL; use a scratch database)
 *   options: --writes 1000 --concurrency 8
 *
 * Drives coaching applications (POST /contact.data, one client address each so the
 * hourly limit never refuses them) and progress entries (POST /members/progress.data,
 * one member signed in once) at the built server, each carrying its own tag; kills the server with
 * SIGKILL when 40-60 % were acknowledged, restarts it on the same data, sends the rest,
 * stops it with SIGTERM, then opens the database itself and looks for every tag that got
 * a success answer. Writes that were in flight at the kill may or may not be there.
 * On PGlite it also checks that a second process on the running server's DATA_DIR is
 * refused. Needs `npm run build` first.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { inArray, like } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { contactSubmission } from "~/db/schema/contacts";
import { progressEntry } from "~/db/schema/progress";
import { validApplication } from "../../app/modules/contacts/intake.fixture";
import { clientAddress, killIfRunning, pgControlState, runCli, signIn, startServer, storageEnv, type ServerProcess, type Storage } from "./server";

export interface CrashOptions extends Storage {
  writes?: number;
  concurrency?: number;
  /** Progress lines; silent when unset. */
  log?: (line: string) => void;
}

export interface CrashReport {
  database: "PGlite" | "PostgreSQL";
  writes: number;
  /** Success answers (2xx/3xx) before the kill, and after the restart. */
  acknowledgedBeforeKill: number;
  acknowledgedAfterRestart: number;
  /** In flight when the server died: no answer. */
  unanswered: number;
  /** Answers that were not a success, or network errors while the server was meant to be up. */
  failures: string[];
  /** Of all acknowledged writes, how many the database holds (must be all). */
  found: number;
  missing: string[];
  /** Of the unanswered writes, how many made it anyway (either is fine). */
  unansweredFound: number;
  /** PGlite: the second opener's exit code and message; null on PostgreSQL. */
  secondOpener: { code: number | null; output: string } | null;
  /** PGlite: pg_control's state after the kill (6, "in production": not shut down, so the restart recovered). */
  stateAfterKill: number | null;
  /** SIGTERM after the restart run. */
  finalExitCode: number | null;
  seconds: number;
}

type Kind = "application" | "progress";
interface Write {
  tag: string;
  kind: Kind;
}


/** A past date the site's time zone agrees on, whatever it is. */
function pastDate(): string {
  return new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * As the browser's forms send them once the page has loaded: to React Router's data
 * URL, which runs the action alone (no page render), so each write costs the same.
 */
function send(server: ServerProcess, write: Write, index: number, cookie: string): Promise<Response> {
  const { baseUrl } = server;
  if (write.kind === "application") {
    return fetch(`${baseUrl}/contact.data`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": clientAddress(index + 1) },
      body: JSON.stringify({ ...validApplication, lastName: "Crash", email: `${write.tag}@crash.test` }),
    });
  }
  return fetch(`${baseUrl}/members/progress.data`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, cookie },
    body: new URLSearchParams({ intent: "log-body", type: "weight", value: (100 + (index % 1000) / 10).toFixed(1), date: pastDate(), notes: write.tag }).toString(),
  });
}

const ok = (status: number) => status >= 200 && status < 400;

export async function runCrash(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const log = options.log ?? (() => undefined);
  const total = options.writes ?? 1000;
  const concurrency = options.concurrency ?? 8;
  if (!Number.isInteger(total) || total < 10) throw new Error("writes must be a whole number, at least 10");
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("concurrency must be a whole number, at least 1");
  const onPglite = !options.databaseUrl;
  const env = { ...storageEnv(options), TRUST_PROXY: "true", AUTH_SECRET: crypto.randomBytes(32).toString("hex") };
  const run = crypto.randomBytes(4).toString("hex");
  // Its own member per run: the script may run again on the same PostgreSQL database.
  const MEMBER = { email: `crash-member-${run}@reliability.test`, password: "crash-member-pass-1", name: "Crash Member" };
  const writes: Write[] = Array.from({ length: total }, (_, i) => ({ tag: `crash-${run}-${i}`, kind: i % 2 === 0 ? "application" : "progress" }));

  // The member exists before the first start (user:create refuses to run beside a PGlite server).
  const created = await runCli("user-create", ["--email", MEMBER.email, "--password", MEMBER.password, "--role", "member", "--name", MEMBER.name], env);
  if (created.code !== 0) throw new Error(`user:create failed:\n${created.output}`);
  log(`member created at ${elapsed()}`);

  const acknowledged = new Set<string>();
  const unanswered = new Set<string>();
  const failures: string[] = [];
  let acknowledgedBeforeKill = 0;
  let next = 0;

  let server = await startServer(env);
  log(`server up on ${server.baseUrl} (${onPglite ? `PGlite in ${options.dataDir}` : "PostgreSQL"}) after ${elapsed()}`);
  const cookie = await signIn(server.baseUrl, MEMBER.email, MEMBER.password);
  const killAt = Math.floor(total * (0.4 + Math.random() * 0.2));
  let killed = false;
  // PGlite: a second process on the running server's DATA_DIR, under load, is refused (and harmless).
  const secondOpener = onPglite
    ? runCli("user-create", ["--email", `second-${run}@reliability.test`, "--password", "second-pass-123", "--role", "member", "--name", "Second Opener"], env)
    : null;
  let openerDone = !secondOpener;
  const settled = () => (openerDone = true);
  secondOpener?.then(settled, settled);

  /** Workers take the next write until the queue is empty, or (first run) until the kill. */
  async function drive(target: ServerProcess, firstRun: boolean) {
    const worker = async () => {
      while (next < total && !(firstRun && killed)) {
        const index = next++;
        const write = writes[index]!;
        let response: Response;
        try {
          response = await send(target, write, index, cookie);
        } catch (error) {
          if (firstRun && killed) unanswered.add(write.tag);
          else failures.push(`${write.tag}: ${String((error as Error).cause ?? error)}`);
          continue;
        }
        // The status line is the acknowledgement: the action committed before it was sent.
        if (!ok(response.status)) failures.push(`${write.tag}: ${response.status}`);
        else {
          acknowledged.add(write.tag);
          // Answers that were already on their way when the kill came count for the first server.
          if (firstRun) acknowledgedBeforeKill++;
        }
        // Not before the second opener is done: once the server is dead, it would take the lock over.
        if (firstRun && !killed && acknowledged.size >= killAt && openerDone) {
          killed = true;
          target.child.kill("SIGKILL");
          log(`SIGKILL after ${acknowledged.size} acknowledged writes (${next - acknowledged.size - failures.length} in flight) at ${elapsed()}`);
        }
        await response.arrayBuffer().catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  try {
    await drive(server, true);
    // Only when too few writes succeeded to reach the kill point (the failures say why).
    if (!killed) server.child.kill("SIGKILL");
    await server.exited;
    const stateAfterKill = onPglite ? pgControlState(options.dataDir) : null;
    const opener = secondOpener ? await secondOpener : null;
    server = await startServer(env);
    log(`restarted on the same data at ${elapsed()}; ${unanswered.size} writes had no answer`);
    // The member's session is stored in the database: it survives the crash too.
    await drive(server, false);
    server.child.kill("SIGTERM");
    const finalExitCode = await server.exited;
    log(`all writes sent; stopped with exit code ${finalExitCode} at ${elapsed()}; reading the database`);

    const database = await openDatabase(onPglite ? { kind: "pglite", dataDir: options.dataDir } : { kind: "postgres", url: options.databaseUrl!, max: 1 });
    const present = new Set<string>();
    try {
      const applications = await database.db.select({ email: contactSubmission.email }).from(contactSubmission).where(like(contactSubmission.email, `crash-${run}-%`));
      for (const row of applications) present.add(row.email.replace(/@crash\.test$/, ""));
      const entries = await database.db.select({ notes: progressEntry.notes }).from(progressEntry).where(inArray(progressEntry.notes, writes.map((w) => w.tag)));
      for (const row of entries) present.add(row.notes);
    } finally {
      await database.close();
    }
    const missing = [...acknowledged].filter((tag) => !present.has(tag));
    return {
      database: onPglite ? "PGlite" : "PostgreSQL",
      writes: total,
      acknowledgedBeforeKill,
      acknowledgedAfterRestart: acknowledged.size - acknowledgedBeforeKill,
      unanswered: unanswered.size,
      failures,
      found: acknowledged.size - missing.length,
      missing,
      unansweredFound: [...unanswered].filter((tag) => present.has(tag)).length,
      secondOpener: opener,
      stateAfterKill,
      finalExitCode,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await killIfRunning(server);
  }
}

async function main() {
  const { values } = parseArgs({ options: { writes: { type: "string", default: "1000" }, concurrency: { type: "string", default: "8" } } });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-crash-"));
  try {
    const report = await runCrash({ databaseUrl, dataDir, writes: Number(values.writes), concurrency: Number(values.concurrency), log: (line) => console.log(line) });
    console.log(JSON.stringify({ ...report, secondOpener: report.secondOpener && { code: report.secondOpener.code, output: report.secondOpener.output.trim() } }, null, 2));
    const passed = report.missing.length === 0 && report.failures.length === 0 && report.finalExitCode === 0 && (report.secondOpener === null || report.secondOpener.code === 1);
    console.log(
      passed
        ? `PASS: all ${report.found} acknowledged writes are in ${report.database} (${report.unansweredFound} of ${report.unanswered} unanswered ones too), in ${report.seconds} s`
        : `FAIL: ${report.missing.length} acknowledged writes missing, ${report.failures.length} failures`,
    );
    process.exitCode = passed ? 0 : 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
