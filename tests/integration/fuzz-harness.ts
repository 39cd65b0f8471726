/**
 * The real application in-process for the fuzz tests (tests/support/in-process-app.ts:
 * today's sources through Vite, production headers), on 127.0.0.1 and a free port, with
 * the file's own database; plus the body generators and the notes of every row written
 * that the properties read.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { Database } from "~/db/client.server";
import { resetEnv } from "~/lib/env.server";
import { freePort } from "../../scripts/free-port";
import { startApp as startInProcessApp, type RunningApp as InProcessApp } from "../support/in-process-app";

export interface RunningApp extends InProcessApp {
  /** The Origin header of a same-site form post. */
  origin: string;
}

export async function startApp(): Promise<RunningApp> {
  // React Router refuses actions whose Origin is not the host they were sent to: BASE_URL names the server's own port.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // TRUST_PROXY: every request comes from its own X-Forwarded-For address, so rate limits never end a run early.
  const app = await startInProcessApp({ TRUST_PROXY: "true", LOG_LEVEL: "silent", BASE_URL: origin }, undefined, { port });
  resetEnv();
  return { ...app, origin };
}

// Counters that refused requests are meant to move: the rate limits count attempts, the sign-in throttle failures.
// Counters, and the job store's own bookkeeping (the worker claims and schedules jobs on its own clock).
// And what a page notes when someone sees it: a refused message shows the conversation again, read to its newest message.
const COUNTERS = new Set(["rate_limits", "request_limits", "sign_in_throttle", "jobs", "conversation_reads"]);

export interface NotedWrite {
  table: string;
  operation: "INSERT" | "UPDATE" | "DELETE";
}

export interface WriteNotes {
  /** The rows written since the last call (or since the notes began), oldest first. */
  take(): Promise<NotedWrite[]>;
  /** Removes the triggers and the notes (the worker's database serves the next test files). */
  stop(): Promise<void>;
}

/**
 * Notes every row written from now on, in every table but the counters: a trigger on each
 * table records it in the same transaction as the write, so a write that was rolled back
 * leaves no note, and reading the notes costs one query whatever the tables hold. An update
 * that leaves the row as it was, or changes only `notified_at` (the coach's e-mail job sets
 * it in the background, whenever the worker gets to it), is no change and is not noted; nor
 * is an update of `data_exports` (the export job marks its archive ready in the background).
 */
export async function noteWrites(database: Database): Promise<WriteNotes> {
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  const tables = (
    (await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as { rows: Array<{ tablename: string }> }
  ).rows
    .map((r) => r.tablename)
    .filter((t) => !COUNTERS.has(t));
  await run(`create table fuzz_noted_writes (n bigint generated always as identity primary key, table_name text not null, operation text not null)`);
  await run(`create function fuzz_note_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (to_jsonb(new) - 'notified_at') = (to_jsonb(old) - 'notified_at') then
        return null;
      end if;
      if tg_op = 'UPDATE' and tg_table_name = 'data_exports' then
        return null;
      end if;
      insert into fuzz_noted_writes (table_name, operation) values (tg_table_name, tg_op);
      return null;
    end $$`);
  for (const table of tables) await run(`create trigger fuzz_note_write after insert or update or delete on "${table}" for each row execute function fuzz_note_write()`);
  return {
    async take() {
      const result = (await database.db.execute(sql`delete from fuzz_noted_writes returning n, table_name as "table", operation`)) as unknown as { rows: Array<NotedWrite & { n: number }> };
      return result.rows.sort((a, b) => Number(a.n) - Number(b.n)).map(({ table, operation }) => ({ table, operation }));
    },
    async stop() {
      for (const table of tables) await run(`drop trigger fuzz_note_write on "${table}"`);
      await run(`drop function fuzz_note_write()`);
      await run(`drop table fuzz_noted_writes`);
    },
  };
}

// ---- Generated input ----

const nasty = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "\u202Eevil\u202C",
  "\u200F\u05E9\u05DC\u05D5\u05DD",
  "😀💪🏽",
  "e\u0301",
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "2024-02-30",
  "9999-12-31",
  "0000-00-00",
  "25:61",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00",
  "__proto__",
  "constructor",
  "a@b",
  "someone@example.com",
];

/** One form value: short text, any Unicode, the usual suspects, or a huge string. */
export const textValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...nasty) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 20_000, 100_000).map((n) => "ä".repeat(n / 2)) },
);

/** A JSON value where a string is expected: wrong types, arrays, objects. */
export const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: textValue },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(textValue, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), textValue, { maxKeys: 3 }) },
);

export type Fields = Record<string, unknown>;

export const encodings = ["form", "form-repeated", "form-raw", "json", "json-malformed", "json-not-object", "multipart", "multipart-malformed", "text", "none", "oversize"] as const;
export type Encoding = (typeof encodings)[number];

export interface GeneratedBody {
  encoding: Encoding;
  fields: Fields;
  raw: string;
}

/**
 * A body for an endpoint whose well-formed fields are `base`: each field kept, dropped
 * or replaced by generated input, extra fields added, sent in one of many encodings
 * (some of them malformed). `pools` offers real values (ids) for some fields.
 */
export function bodyFor(base: Record<string, string>, pools: Record<string, readonly string[]> = {}): fc.Arbitrary<GeneratedBody> {
  const keys = Object.keys(base);
  const fieldArb = (key: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<unknown>(base[key]) },
      { weight: 1, arbitrary: fc.constant<unknown>(undefined) },
      { weight: 3, arbitrary: jsonValue },
      ...(pools[key]?.length ? [{ weight: 2, arbitrary: fc.constantFrom<unknown>(...pools[key]) }] : []),
    );
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, k === "intent" ? fc.oneof({ weight: 9, arbitrary: fc.constant<unknown>(base[k]) }, { weight: 1, arbitrary: jsonValue }) : fieldArb(k)])));
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("__proto__", "constructor", "id", "role", "userId", "published")), jsonValue, { maxKeys: 3 });
  return fc.record({
    encoding: fc.constantFrom(...encodings),
    fields: fc.tuple(record, extra).map(([r, e]) => {
      const out: Fields = {};
      for (const [k, v] of Object.entries(e)) out[k] = v;
      for (const [k, v] of Object.entries(r)) if (v !== undefined) out[k] = v;
      return out;
    }),
    raw: fc.constantFrom("a=%ZZ&b=%E0%A4%A&&=&c", "{\"a\":", "\u0000\u0001\u0002", "--X\r\nContent-Disposition: form-data\r\n\r\nno end", "[1,2,3]", "a".repeat(70_000)),
  });
}

const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v) ?? "");

/** The request init for a generated body. */
export function requestInit(body: GeneratedBody): { headers: Record<string, string>; body?: BodyInit } {
  const { encoding, fields, raw } = body;
  switch (encoding) {
    case "form": {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) params.append(k, asText(v));
      return { headers: { "content-type": "application/x-www-form-urlencoded" }, body: params.toString() };
    }
    case "form-repeated": {
      // Arrays where strings are expected: every field twice.
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v, v]) params.append(k, asText(item));
      return { headers: { "content-type": "application/x-www-form-urlencoded" }, body: params.toString() };
    }
    case "form-raw":
      return {
        headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
        body: `${Object.entries(fields)
          .map(([k, v]) => `${k}=${asText(v)}`)
          .join("&")}&${raw}`,
      };
    case "json":
      return { headers: { "content-type": "application/json" }, body: JSON.stringify(fields) };
    case "json-malformed":
      return { headers: { "content-type": "application/json" }, body: JSON.stringify(fields).slice(0, -1) + raw };
    case "json-not-object":
      return { headers: { "content-type": "application/json" }, body: JSON.stringify(Object.values(fields)) };
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, asText(v));
      return { headers: {}, body: form };
    }
    case "multipart-malformed":
      return { headers: { "content-type": "multipart/form-data; boundary=X" }, body: raw };
    case "text":
      return { headers: { "content-type": "text/plain" }, body: asText(fields) + raw };
    case "none":
      return { headers: {} };
    case "oversize":
      return { headers: { "content-type": "application/x-www-form-urlencoded" }, body: `${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, asText(v)])).toString()}&pad=${"x".repeat(600_000)}` };
  }
}

/** A short, printable description of a generated body for failure messages. */
export function describeBody(body: GeneratedBody): string {
  const short = (v: unknown) => {
    const s = asText(v);
    return s.length > 80 ? `${JSON.stringify(s.slice(0, 40))}… (${s.length} chars)` : JSON.stringify(s);
  };
  return `${body.encoding} {${Object.entries(body.fields)
    .map(([k, v]) => `${JSON.stringify(k)}: ${short(v)}`)
    .join(", ")}}`;
}
