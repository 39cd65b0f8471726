/**
 * The copy engine shared by backups, restores and the move to PostgreSQL (decision 0074):
 * one logical copy that reads and writes the same way on PGlite and PostgreSQL. Rows
 * travel as `row_to_json` text in primary-key order; a table's checksum combines each
 * row's SHA-256 in an order-free way, so the same rows give the same checksum on either
 * database whatever order its collation puts their keys in.
 */
import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** A transaction (or a database) the engine runs its statements on. */
export type Queryable = Pick<Db, "execute">;

export interface TableInfo {
  name: string;
  /** The columns a row is written with (generated columns are computed again). */
  columns: string[];
  /** Primary-key columns in key order. */
  primaryKey: string[];
}

export interface ForeignKey {
  table: string;
  constraint: string;
  references: string;
}

export interface SequenceState {
  name: string;
  /** The next value the sequence hands out is after this one (`called`) or this one. */
  value: string;
  called: boolean;
}

/** The application's schema: every table of it is copied. */
const SCHEMA = "public";

/** Rows per read and per insert: about a megabyte for the widest rows the app keeps. */
export const PAGE_ROWS = 500;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Pins what row_to_json's text depends on, for this transaction: PGlite (PostgreSQL 18
 * inside) and PostgreSQL 15 then write the same text for the same row.
 */
export async function pinTextFormats(tx: Queryable): Promise<void> {
  for (const setting of ["timezone = 'UTC'", "datestyle = 'ISO, YMD'", "intervalstyle = 'postgres'", "extra_float_digits = 1", "bytea_output = 'hex'"]) {
    await tx.execute(sql.raw(`set local ${setting}`));
  }
}

/** The foreign keys between the application's tables. */
async function listForeignKeys(db: Queryable): Promise<ForeignKey[]> {
  return rowsOf<ForeignKey>(
    db,
    sql`select child.relname as "table", c.conname as "constraint", parent.relname as "references"
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = ${SCHEMA}
        order by 1, 2`,
  );
}

/**
 * The application's tables, each after the tables it references, so rows can be written
 * table by table. A table's references to itself or, in a cycle, to a later table are
 * `deferred` (see deferForeignKeys).
 */
export async function listTables(db: Queryable): Promise<{ tables: TableInfo[]; deferred: ForeignKey[] }> {
  const names = (
    await rowsOf<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${SCHEMA} and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )
  ).map((row) => row.name);
  const columns = await rowsOf<{ table: string; name: string }>(
    db,
    sql`select c.relname as "table", a.attname as name from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${SCHEMA} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; name: string }>(
    db,
    sql`select c.relname as "table", a.attname as name
        from pg_index i
        join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where n.nspname = ${SCHEMA} and i.indisprimary
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const foreignKeys = await listForeignKeys(db);

  const info = new Map<string, TableInfo>(names.map((name) => [name, { name, columns: [], primaryKey: [] }]));
  for (const column of columns) info.get(column.table)?.columns.push(column.name);
  for (const key of keys) info.get(key.table)?.primaryKey.push(key.name);
  const withoutKey = [...info.values()].filter((table) => table.primaryKey.length === 0).map((table) => table.name);
  // Rows are read in key order, page after page: a table without one cannot be copied exactly.
  if (withoutKey.length > 0) throw new Error(`Tables without a primary key cannot be copied: ${withoutKey.join(", ")}`);

  const ordered: string[] = [];
  const placed = new Set<string>();
  let remaining = [...names];
  while (remaining.length > 0) {
    const ready = remaining.filter((name) => foreignKeys.every((fk) => fk.table !== name || fk.references === name || placed.has(fk.references)));
    // In a cycle (programs and their assignments refer to each other) one table goes first; its reference to a later one is deferred.
    const next = ready.length > 0 ? ready : remaining.slice(0, 1);
    for (const name of next) {
      ordered.push(name);
      placed.add(name);
    }
    remaining = remaining.filter((name) => !placed.has(name));
  }
  const position = new Map(ordered.map((name, index) => [name, index]));
  const deferred = foreignKeys.filter((fk) => position.get(fk.references)! >= position.get(fk.table)!);
  return { tables: ordered.map((name) => info.get(name)!), deferred };
}

/**
 * Every row of a table as row_to_json text, in primary-key order, a page at a time (never
 * the whole table in memory). The next page starts after the last row read: its key
 * values are taken back out of its own text (so any key type works), each by a scalar
 * subquery the planner computes once, so the page is a range scan of the key's index.
 */
export async function* readRows(tx: Queryable, table: TableInfo): AsyncGenerator<string> {
  const name = quoteIdent(table.name);
  const order = table.primaryKey.map((key) => `t.${quoteIdent(key)}`).join(", ");
  const first = sql.raw(`select row_to_json(t)::text as row from ${name} t order by ${order} limit ${PAGE_ROWS}`);
  const after = (last: string) =>
    sql.join(
      table.primaryKey.map((key) => sql`(select k.${sql.raw(quoteIdent(key))} from json_populate_record(null::${sql.raw(name)}, ${last}::json) k)`),
      sql.raw(", "),
    );
  let last: string | undefined;
  for (;;) {
    const page: Array<{ row: string }> = await rowsOf(
      tx,
      last === undefined
        ? first
        : sql`${sql.raw(`select row_to_json(t)::text as row from ${name} t where (${order}) > (`)}${after(last)}${sql.raw(`) order by ${order} limit ${PAGE_ROWS}`)}`,
    );
    for (const { row } of page) {
      // One row a line: row_to_json escapes newlines inside values (the app has no json-typed column, whose text it keeps as stored).
      if (row.includes("\n")) throw new Error(`A row of ${table.name} holds a raw line break and cannot be copied line by line`);
      yield row;
    }
    if (page.length < PAGE_ROWS) return;
    last = page[page.length - 1]!.row;
  }
}

const MOD = 1n << 256n;

/**
 * A table's checksum: the sum of its rows' SHA-256 digests modulo 2^256. The same rows give
 * the same sum in any order, so PGlite (collation C) and a PostgreSQL created with another
 * locale, which order text keys differently, agree.
 */
export class RowChecksum {
  rows = 0;
  private sum = 0n;

  add(row: string): void {
    this.sum = (this.sum + BigInt(`0x${crypto.createHash("sha256").update(row).digest("hex")}`)) % MOD;
    this.rows++;
  }

  get hex(): string {
    return this.sum.toString(16).padStart(64, "0");
  }
}

/** A table's row count and checksum as they are in this transaction (read after pinTextFormats). */
export async function measureTable(tx: Queryable, table: TableInfo): Promise<{ rows: number; checksum: string }> {
  const checksum = new RowChecksum();
  for await (const row of readRows(tx, table)) checksum.add(row);
  return { rows: checksum.rows, checksum: checksum.hex };
}

/** Writes rows (row_to_json texts) into a table; identity columns keep their values. */
export async function insertRows(tx: Queryable, table: TableInfo, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const name = quoteIdent(table.name);
  const columns = table.columns.map(quoteIdent).join(", ");
  await tx.execute(
    sql`${sql.raw(`insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, `)}${`[${rows.join(",")}]`}${sql.raw("::json)")}`,
  );
}

/** Empties every table of the application's schema (a restore then writes the archive's rows instead of what the migrations put there). */
export async function emptyTables(tx: Queryable, tables: TableInfo[]): Promise<void> {
  if (tables.length === 0) return;
  await tx.execute(sql.raw(`truncate ${tables.map((table) => quoteIdent(table.name)).join(", ")} restart identity cascade`));
}

/**
 * Lets rows arrive before the rows they reference, for the foreign keys listTables could
 * not order (a table referring to itself): checked at `checkDeferred`, in the same transaction.
 */
export async function deferForeignKeys(tx: Queryable, foreignKeys: ForeignKey[]): Promise<void> {
  for (const fk of foreignKeys) {
    await tx.execute(sql.raw(`alter table ${quoteIdent(fk.table)} alter constraint ${quoteIdent(fk.constraint)} deferrable initially deferred`));
  }
}

/** Checks the deferred foreign keys now (a violation throws) and makes them immediate again, as the migrations made them. */
export async function checkDeferred(tx: Queryable, foreignKeys: ForeignKey[]): Promise<void> {
  if (foreignKeys.length === 0) return;
  await tx.execute(sql.raw("set constraints all immediate"));
  for (const fk of foreignKeys) {
    await tx.execute(sql.raw(`alter table ${quoteIdent(fk.table)} alter constraint ${quoteIdent(fk.constraint)} not deferrable`));
  }
}

/** The sequences of the application's schema (serial and identity columns), as they stand. */
export async function readSequences(tx: Queryable): Promise<SequenceState[]> {
  const sequences = await rowsOf<{ name: string; value: string | null; start: string }>(
    tx,
    sql`select sequencename as name, last_value::text as value, start_value::text as start from pg_sequences where schemaname = ${SCHEMA} order by 1`,
  );
  return sequences.map((s) => ({ name: s.name, value: s.value ?? s.start, called: s.value !== null }));
}

export async function writeSequences(tx: Queryable, sequences: SequenceState[]): Promise<void> {
  for (const s of sequences) {
    await tx.execute(sql`select setval(${`${quoteIdent(SCHEMA)}.${quoteIdent(s.name)}`}::regclass, ${s.value}::bigint, ${s.called})`);
  }
}

/** Whether the database has any table of the application's schema (an empty target has none). */
export async function hasApplicationTables(db: Queryable): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in (${SCHEMA}, 'drizzle') and c.relkind in ('r', 'p')) as found`,
  );
  return Boolean(row?.found);
}

/**
 * Drops everything of the application in a PostgreSQL database (its schema and the
 * migrations' record), leaving it as empty as a new one: `--force`, and undoing a failed restore.
 */
export async function dropApplicationSchema(db: Queryable): Promise<void> {
  await db.execute(sql.raw(`drop schema if exists drizzle cascade`));
  await db.execute(sql.raw(`drop schema if exists ${quoteIdent(SCHEMA)} cascade`));
  await db.execute(sql.raw(`create schema ${quoteIdent(SCHEMA)}`));
}
