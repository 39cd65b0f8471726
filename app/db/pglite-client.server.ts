/**
 * The client Drizzle is given on PGlite (decision 0146). A statement a page or an action
 * repeats (a select, an insert, an update, a delete) is prepared once under a name and
 * then bound to it, in one trip through PGlite's protocol (bind, describe, execute and
 * sync as one message), where `PGlite.query` makes six every time (parse, a describe of
 * the statement to learn its parameters' types, bind, describe, execute, sync) and
 * PostgreSQL parses and plans the statement again each time. Parameters are sent as text
 * of unspecified type, as node-postgres sends them on PostgreSQL, so the database infers
 * each from its use, and the same statements behave alike on both databases. Answers are
 * read by our own reader (decision 0159), typed by PGlite's parsers. Statements take
 * PGlite's own locks: one outside a transaction waits for an open one, as `PGlite.query` does.
 */
import { protocol, TransactionAbortedError, type PGlite, type Results } from "@electric-sql/pglite";
import { readReply, type ReplyOptions } from "./pglite-replies.server";

/** What Drizzle's PGlite driver calls on its client. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: ReplyOptions): Promise<Results<T>>;
  transaction<T>(work: (tx: PgliteClient) => Promise<T>): Promise<T>;
  /** Calls `listener` with each notification on `channel` (lower case); returns the call that stops it. */
  listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
  /** The database itself (a dump of its data directory, a health check). */
  readonly pglite: PGlite;
}

/** PGlite's locks and protocol calls (public methods, named with a leading underscore). */
interface PgliteInternals {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
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

  constructor(private readonly exchange: (message: Uint8Array) => Promise<unknown>) {}

  /** The statement's name, preparing it first (call under PGlite's query lock). */
  async nameOf(text: string): Promise<string> {
    const known = this.#names.get(text);
    if (known !== undefined) {
      this.#names.delete(text);
      this.#names.set(text, known);
      return known;
    }
    if (this.#names.size >= PREPARED_STATEMENTS) {
      const [oldestText, oldest] = this.#names.entries().next().value!;
      this.#names.delete(oldestText);
      await this.exchange(joined([serialize.close({ type: "S", name: oldest }), SYNC]));
    }
    const name = `s${++this.#next}`;
    // Alone, so a statement that does not parse leaves nothing behind.
    await this.exchange(joined([serialize.parse({ text, name }), SYNC]));
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

type NotificationListener = (payload: string) => void;

/** The answer buffer a connection keeps between statements (grown for a larger answer, then let go). */
const KEPT_ANSWER_BYTES = 64 * 1024;

/**
 * The connection: its prepared statements, the buffer its answers are read from, and the
 * listeners of the notifications that arrive with them (decision 0159). Statements go
 * through PGlite's raw protocol call and are read by `readReply`, so PGlite's own reader,
 * which would hand notifications to the listeners of `PGlite.listen`, never sees them: a
 * listener is registered with both (`listen`), and each notification arrives by one way.
 */
class Connection {
  readonly statements: PreparedStatements;
  readonly #listeners = new Map<string, Set<NotificationListener>>();
  #answer = Buffer.alloc(KEPT_ANSWER_BYTES);
  #length = 0;

  constructor(readonly pglite: PGlite) {
    this.statements = new PreparedStatements((message) => this.exchange(message));
  }

  /** Sends one message and reads the answer (under PGlite's query lock). */
  async exchange<T>(message: Uint8Array, options?: ReplyOptions): Promise<Results<T>> {
    this.#length = 0;
    await this.pglite.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => this.#keep(bytes) });
    const reply = readReply<T>(this.#answer.subarray(0, this.#length), this.pglite.parsers as never, options);
    // A large answer's buffer is not kept: the rows read from it are strings and values of their own.
    if (this.#answer.length > KEPT_ANSWER_BYTES) this.#answer = Buffer.alloc(KEPT_ANSWER_BYTES);
    for (const { channel, payload } of reply.notifications) {
      // As PGlite delivers them: after the code running now, before the statement's caller resumes.
      for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
    }
    if (reply.error) throw reply.error;
    return reply.result;
  }

  #keep(bytes: Uint8Array): void {
    if (this.#length + bytes.length > this.#answer.length) {
      const larger = Buffer.alloc(Math.max(this.#answer.length * 2, this.#length + bytes.length));
      this.#answer.copy(larger, 0, 0, this.#length);
      this.#answer = larger;
    }
    this.#answer.set(bytes, this.#length);
    this.#length += bytes.length;
  }

  /** Calls `listener` with each notification on `channel`; returns the call that stops it. */
  async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
    const set = this.#listeners.get(channel) ?? new Set();
    set.add(listener);
    this.#listeners.set(channel, set);
    const unlisten = await this.pglite.listen(channel, listener);
    return async () => {
      set.delete(listener);
      await unlisten();
    };
  }
}

async function run<T>(connection: Connection, text: string, params: readonly unknown[], options?: ReplyOptions): Promise<Results<T>> {
  const { statements } = connection;
  const values = params.map(textOf) as never;
  const execute = async () => {
    const head = REPEATED.test(text) ? serialize.bind({ statement: await statements.nameOf(text), values }) : joined([serialize.parse({ text }), serialize.bind({ values })]);
    return connection.exchange<T>(joined([head, DESCRIBE_PORTAL, EXECUTE, SYNC]), options);
  };
  try {
    return await execute();
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    statements.forget(text);
    return execute();
  }
}

function inTransaction(connection: Connection, isClosed: () => boolean): PgliteClient {
  const internals = connection.pglite as unknown as PgliteInternals;
  return {
    pglite: connection.pglite,
    query: (text, params = [], options) => {
      if (isClosed()) return Promise.reject(new Error("Transaction is closed"));
      return internals._runExclusiveQuery(() => run(connection, text, params, options));
    },
    transaction: () => Promise.reject(new Error("A transaction inside a transaction is a savepoint: use the transaction's own")),
    listen: (channel, listener) => connection.listen(channel, listener),
  };
}

export function pgliteClient(pglite: PGlite): PgliteClient {
  const internals = pglite as unknown as PgliteInternals;
  const connection = new Connection(pglite);
  const statement = (text: string) => internals._runExclusiveQuery(() => run(connection, text, []));
  return {
    pglite,
    query: (text, params = [], options) =>
      internals._runExclusiveTransaction(() =>
        internals._runExclusiveQuery(async () => {
          const result = await run<never>(connection, text, params, options);
          await pglite.syncToFs();
          return result;
        }),
      ),
    // As PGlite.transaction, through this connection's reader (its notifications included).
    transaction: (work) =>
      internals._runExclusiveTransaction(async () => {
        await statement("begin");
        let closed = false;
        try {
          const result = await work(inTransaction(connection, () => closed));
          closed = true;
          const commit = await statement("commit");
          if (commit.command === "ROLLBACK") throw new TransactionAbortedError();
          await pglite.syncToFs();
          return result;
        } catch (error) {
          if (!closed) {
            closed = true;
            await statement("rollback");
          }
          throw error;
        }
      }),
    listen: (channel, listener) => connection.listen(channel, listener),
  };
}
