import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteClient } from "./pglite-client.server";
import { pgliteWasm } from "./pglite-wasm.server";
import { seedNewDataDir } from "./pristine-cluster.server";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool, PoolClient } from "pg";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { writesKeptRows } from "~/lib/kept-tables";
import { getLogger } from "~/lib/logger.server";
import { acquireDataDirLock } from "./lock.server";
import { migrationsFolder, migrationsFolderUpTo } from "./migrations.server";
import { schema, type Schema } from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory"; loadDataDir?: Blob }
  | { kind: "postgres"; url: string; max?: number };

export interface Database {
  db: Db;
  kind: DatabaseOptions["kind"];
  /** Applies the committed migrations, or only the first `upTo` of them (a restore of an older backup). */
  migrate(options?: { upTo?: number }): Promise<void>;
  /**
   * Runs `work` while no other process starting on this database runs its own: the start-up
   * writes (catalogue, administrator, set-up link) check and write under one lock, so
   * processes started in the same instant each find what the first one wrote. On PostgreSQL
   * an advisory lock held on a connection of its own; PGlite has one process by design.
   */
  underStartUpLock<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /**
   * Calls `onNotice` with the notice's payload each time a transaction that ran
   * `pg_notify(channel, payload)` commits: in this process on PGlite, in any process on
   * PostgreSQL (through a connection of its own, opened again when it drops; `onNotice` is
   * called once more then without a payload, for whatever it missed). Resolves with the
   * call that stops listening.
   */
  listen(channel: string, onNotice: (payload?: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `onWrite`, in the async context of the code that sent it, for each statement that
   * writes a table whose reads are kept (decision 0145), replacing the previous observer. On
   * PostgreSQL only: PGlite delivers the notices before the statement returns.
   */
  observeKeptWrites(onWrite: () => void): void;
  close(): Promise<void>;
}

/** How long a PostgreSQL listener waits before connecting again after its connection dropped. */
const RELISTEN_MS = 5_000;

/** The committed migrations, or a folder of only the first `upTo`; `done` removes such a folder. */
function migrationsFor(options?: { upTo?: number }): { folder: string; done: () => void } {
  if (options?.upTo === undefined) return { folder: migrationsFolder, done: () => undefined };
  const folder = migrationsFolderUpTo(options.upTo);
  return { folder, done: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * PGlite's start, with a buffer cache of 32 MB instead of 128 (decision 0171): PGlite
 * zeroes its cache as it starts, about 0.5 s of a start's CPU at 128 MB; under the evening
 * mix at 300 members the smaller cache showed no difference (pages it no longer keeps are
 * read from the operating system's cache).
 */
export const PGLITE_START = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/** The extensions the migrations create (PostgreSQL ships them in contrib; PGlite loads them here). */
export const pgliteExtensions = { pg_trgm };

async function openPglite(pglite: PGlite, release: () => void, kind: DatabaseOptions["kind"]): Promise<Database> {
  const client = pgliteClient(pglite);
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind,
    migrate: async (options) => {
      const migrations = migrationsFor(options);
      try {
        await migratePglite(db as never, { migrationsFolder: migrations.folder });
      } finally {
        migrations.done();
      }
    },
    underStartUpLock: (work) => work(),
    ping: async () => {
      if (closed) return false;
      await pglite.query("select 1");
      return true;
    },
    observeKeptWrites: () => undefined,
    listen: async (channel, onNotice) => {
      const unlisten = await client.listen(channel, (payload) => onNotice(payload));
      return async () => {
        if (!closed) await unlisten();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * Calls `onWrite()` for each statement sent through `pool` that writes rows whose reads are
 * kept, in the async context of the code that sent it. A statement sent through the pool
 * itself is noted as it is sent: pg-pool hands it a connection later, from the callback of
 * whichever request released one when all are busy. A statement sent on a connection a
 * caller checked out (a transaction) is noted on that connection.
 */
function observeKeptRowWrites(pool: Pool, onWrite: () => void): void {
  const notes = (first: unknown) => {
    const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text === "string" && writesKeptRows(text)) onWrite();
  };
  const checkedOut = new WeakSet<PoolClient>();
  const query = pool.query;
  pool.query = function (this: Pool, ...args: unknown[]) {
    notes(args[0]);
    return (query as (...all: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  const connect = pool.connect;
  pool.connect = function (this: Pool, callback?: unknown) {
    // pool.query's own checkout passes a callback; its statement was noted above.
    if (callback) return (connect as (callback: unknown) => void).call(this, callback);
    return (connect as () => Promise<PoolClient>).call(this).then((client) => {
      checkedOut.add(client);
      return client;
    });
  } as typeof pool.connect;
  pool.on("release", (_error: Error | undefined, client: PoolClient) => checkedOut.delete(client));
  pool.on("connect", (client) => {
    const clientQuery = client.query;
    client.query = function (this: PoolClient, ...args: unknown[]) {
      if (checkedOut.has(client)) notes(args[0]);
      return (clientQuery as (...all: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
}

/** The lock of every process's start-up work on one PostgreSQL: migrations, then the start-up writes. */
const STARTUP_LOCK = 727274;

async function underAdvisoryLock<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
    return await work(client);
  } finally {
    await client.query(`select pg_advisory_unlock(${STARTUP_LOCK})`).catch(() => undefined);
    client.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    // The PostgreSQL driver is loaded only when it is used, so a start on PGlite does not pay for it.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    // An idle connection the server ends (restart, terminate, dropped database) must not
    // crash the process: without a listener the pool rethrows it as an uncaught error.
    pool.on("error", (error) => getLogger().warn({ err: error.message }, "an idle database connection was closed by the server"));
    // A request that writes rows kept in memory waits for their notices before it answers (decision 0145).
    let onKeptWrite = () => undefined as void;
    observeKeptRowWrites(pool, () => onKeptWrite());
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      kind: "postgres",
      // Several processes may start at once on one PostgreSQL: migrate under an advisory lock.
      migrate: async (migrateOptions) => {
        const migrations = migrationsFor(migrateOptions);
        try {
          await underAdvisoryLock(pool, (client) => migratePg(drizzlePg({ client }), { migrationsFolder: migrations.folder }));
        } finally {
          migrations.done();
        }
      },
      underStartUpLock: (work) => underAdvisoryLock(pool, () => work()),
      observeKeptWrites: (onWrite) => {
        onKeptWrite = onWrite;
      },
      ping: async () => {
        if (closed) return false;
        await db.execute(sql`select 1`);
        return true;
      },
      listen: async (channel, onNotice) => {
        let stopped = false;
        let client: InstanceType<typeof pg.Client> | undefined;
        let retry: NodeJS.Timeout | undefined;
        const connect = async (): Promise<void> => {
          const next = new pg.Client({ connectionString: options.url });
          next.on("notification", (notice) => onNotice(notice.payload));
          next.on("error", (error) => {
            next.end().catch(() => undefined);
            if (client !== next) return;
            client = undefined;
            getLogger().warn({ err: error.message, channel }, "the connection listening for database notices was closed; listening again shortly");
            listenAgain();
          });
          try {
            await next.connect();
            await next.query(`listen "${channel}"`);
          } catch (error) {
            await next.end().catch(() => undefined);
            throw error;
          }
          if (stopped) await next.end();
          else client = next;
        };
        const listenAgain = () => {
          if (stopped) return;
          retry = setTimeout(() => void connect().then(() => onNotice(), listenAgain), RELISTEN_MS);
          retry.unref();
        };
        await connect();
        return async () => {
          stopped = true;
          clearTimeout(retry);
          await client?.end();
        };
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  if (options.kind === "pglite-memory") {
    const pglite = new PGlite({ loadDataDir: options.loadDataDir, pgliteWasmModule: await pgliteWasm(), extensions: pgliteExtensions, startParams: PGLITE_START });
    await pglite.waitReady;
    return openPglite(pglite, () => undefined, "pglite-memory");
  }
  const release = acquireDataDirLock(options.dataDir);
  try {
    const dir = path.join(options.dataDir, "db");
    fs.mkdirSync(dir, { recursive: true });
    // A killed process leaves postmaster.pid behind; we hold the lock, so it is stale.
    fs.rmSync(path.join(dir, "postmaster.pid"), { force: true });
    const pgliteOptions = { pgliteWasmModule: await pgliteWasm(), extensions: pgliteExtensions, startParams: PGLITE_START };
    await seedNewDataDir(dir, pgliteOptions);
    const pglite = new PGlite(dir, pgliteOptions);
    await pglite.waitReady;
    return await openPglite(pglite, release, "pglite");
  } catch (error) {
    release();
    throw error;
  }
}

let current: Database | undefined;

/** The process's database, opened once at start-up (or per test file; none for a file that must not query). */
export function setDatabase(database: Database | undefined): void {
  current = database;
}

export function getDatabase(): Database {
  if (!current) throw new Error("The database has not been opened yet");
  return current;
}

export function getDb(): Db {
  return getDatabase().db;
}
