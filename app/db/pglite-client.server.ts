/**
 * The client Drizzle is given on PGlite (decision 0146). A statement a page or an action
 * repeats (a select, an insert, an update, a delete) is prepared once under a name and
 * then bound to it, in one trip through PGlite's protocol (bind, describe, execute and
 * sync as one message), where `PGlite.query` makes six every time (parse, a describe of
 * the statement to learn its parameters' types, bind, describe, execute, sync) and
 * PostgreSQL parses and plans the statement again each time. Parameters are sent as text
 * of unspecified type, as node-postgres sends them on PostgreSQL, so the database infers
 * each from its use, and the same statements behave alike on both databases. Rows are
 * read by PGlite's own parser, so results are PGlite's. Statements take PGlite's own
 * locks: one outside a transaction waits for an open one, as `PGlite.query` does.
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

/** One protocol message made of several. */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** Statements worth keeping prepared: those a page or an action repeats (not DDL, not transaction control). */
const REPEATED = /^\s*(?:select|insert|update|delete|with)\b/i;

/** How many prepared statements the connection keeps; the least recently used is closed past it. */
const PREPARED_STATEMENTS = 500;

/**
 * The connection's prepared statements, by text (decision 0146): a statement run again is
 * bound to the plan made for it the first time, skipping parse and analysis (and, once
 * PostgreSQL settles on a generic plan, planning). Prepared statements belong to the
 * connection, not to a transaction: one made inside a transaction that rolls back stays.
 */
class PreparedStatements {
  readonly #names = new Map<string, string>();
  #next = 0;

  constructor(private readonly pglite: PGlite) {}

  /** The statement's name, preparing it first (call under PGlite's query lock). */
  async nameOf(text: string): Promise<string> {
    const known = this.#names.get(text);
    if (known !== undefined) {
      this.#names.delete(text);
      this.#names.set(text, known);
      return known;
    }
    const internals = this.pglite as unknown as PgliteInternals;
    if (this.#names.size >= PREPARED_STATEMENTS) {
      const [oldestText, oldest] = this.#names.entries().next().value!;
      this.#names.delete(oldestText);
      await internals.execProtocolStream(joined([serialize.close({ type: "S", name: oldest }), SYNC]), { syncToFs: false });
    }
    const name = `s${++this.#next}`;
    // Alone, so a statement that does not parse leaves nothing behind.
    await internals.execProtocolStream(joined([serialize.parse({ text, name }), SYNC]), { syncToFs: false });
    this.#names.set(text, name);
    return name;
  }

  /** Forgets a statement whose kept plan the database refused (its tables changed under it). */
  forget(text: string): void {
    this.#names.delete(text);
  }
}

/** A plan kept for a statement whose tables have since changed shape (PostgreSQL's 0A000). */
const isStalePlan = (error: unknown) => (error as { code?: string } | null)?.code === "0A000" && /cached plan/.test(String((error as Error).message));

async function run<T>(pglite: PGlite, statements: PreparedStatements, text: string, params: readonly unknown[], options?: QueryOptions): Promise<Results<T>> {
  const internals = pglite as unknown as PgliteInternals;
  const values = params.map(textOf) as never;
  const execute = async () => {
    const head = REPEATED.test(text) ? serialize.bind({ statement: await statements.nameOf(text), values }) : joined([serialize.parse({ text }), serialize.bind({ values })]);
    return internals.execProtocolStream(joined([head, DESCRIBE_PORTAL, EXECUTE, SYNC]), { syncToFs: false });
  };
  let messages: unknown[];
  try {
    messages = await execute();
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    statements.forget(text);
    messages = await execute();
  }
  return parse.parseResults(messages as never, pglite.parsers, options as never)[0] as Results<T>;
}

function inTransaction(pglite: PGlite, statements: PreparedStatements, tx: Transaction): PgliteClient {
  const internals = pglite as unknown as PgliteInternals;
  const client: PgliteClient = {
    pglite,
    query: (text, params = [], options) => {
      if (tx.closed) return Promise.reject(new Error("Transaction is closed"));
      return internals._runExclusiveQuery(() => run(pglite, statements, text, params, options));
    },
    transaction: () => Promise.reject(new Error("A transaction inside a transaction is a savepoint: use the transaction's own")),
  };
  return client;
}

export function pgliteClient(pglite: PGlite): PgliteClient {
  const internals = pglite as unknown as PgliteInternals;
  const statements = new PreparedStatements(pglite);
  return {
    pglite,
    query: (text, params = [], options) =>
      internals._runExclusiveTransaction(() =>
        internals._runExclusiveQuery(async () => {
          const result = await run<never>(pglite, statements, text, params, options);
          await pglite.syncToFs();
          return result;
        }),
      ),
    transaction: (work) => pglite.transaction((tx) => work(inTransaction(pglite, statements, tx))),
  };
}
