/**
 * The client Drizzle is given on PGlite (decision 0146): each statement in one trip through
 * PGlite's protocol (parse, bind, describe, execute and sync as one message) where
 * `PGlite.query` makes six (a describe of the statement first, to learn its parameters'
 * types, then one call per message). Parameters are sent as text of unspecified type, as
 * node-postgres sends them on PostgreSQL, so the database infers each from its use, and
 * the same statements behave alike on both databases. Rows are read by PGlite's own
 * parser, so results are PGlite's. Statements take PGlite's own locks: one outside a
 * transaction waits for an open one, as `PGlite.query` does.
 */
import { parse, protocol, type PGlite, type Results, type Transaction } from "@electric-sql/pglite";

interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** What Drizzle's PGlite driver calls on its client. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(work: (tx: PgliteClient) => Promise<T>): Promise<T>;
  /** The database itself (a dump of its data directory, a health check). */
  readonly pglite: PGlite;
}

/** PGlite's locks and protocol calls (public methods, named with a leading underscore). */
interface PgliteInternals {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options: { syncToFs: boolean }): Promise<unknown[]>;
}

const { serialize } = protocol;
const DESCRIBE_PORTAL = serialize.describe({ type: "P" });
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();

/** A parameter as text, as node-postgres prepares it (pg/lib/utils.js prepareValue); bytes stay binary. */
function textOf(value: unknown): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return "NULL";
    if (Array.isArray(item)) return arrayLiteral(item);
    if (item instanceof Uint8Array) return `"\\\\x${Buffer.from(item).toString("hex")}"`;
    const text = textOf(item) as string;
    return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}

function messageOf(text: string, params: readonly unknown[]): Uint8Array {
  const parts = [serialize.parse({ text }), serialize.bind({ values: params.map(textOf) as never }), DESCRIBE_PORTAL, EXECUTE, SYNC];
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

async function run<T>(pglite: PGlite, text: string, params: readonly unknown[], options?: QueryOptions): Promise<Results<T>> {
  const messages = await (pglite as unknown as PgliteInternals).execProtocolStream(messageOf(text, params), { syncToFs: false });
  return parse.parseResults(messages as never, pglite.parsers, options as never)[0] as Results<T>;
}

function inTransaction(pglite: PGlite, tx: Transaction): PgliteClient {
  const internals = pglite as unknown as PgliteInternals;
  const client: PgliteClient = {
    pglite,
    query: (text, params = [], options) => {
      if (tx.closed) return Promise.reject(new Error("Transaction is closed"));
      return internals._runExclusiveQuery(() => run(pglite, text, params, options));
    },
    transaction: () => Promise.reject(new Error("A transaction inside a transaction is a savepoint: use the transaction's own")),
  };
  return client;
}

export function pgliteClient(pglite: PGlite): PgliteClient {
  const internals = pglite as unknown as PgliteInternals;
  return {
    pglite,
    query: (text, params = [], options) =>
      internals._runExclusiveTransaction(() =>
        internals._runExclusiveQuery(async () => {
          const result = await run<never>(pglite, text, params, options);
          await pglite.syncToFs();
          return result;
        }),
      ),
    transaction: (work) => pglite.transaction((tx) => work(inTransaction(pglite, tx))),
  };
}
