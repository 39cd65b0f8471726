/**
 * Our PGlite client (decisions 0146, 0159) against a PGlite of its own: answers read as
 * PGlite's reader reads them, errors with their fields, notifications that arrive with a
 * statement's answer, answers larger than the read buffer, transactions, and a prepared
 * statement whose table changed shape.
 * @test-database any
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_START } from "./client.server";
import { pgliteClient, type PgliteClient } from "./pglite-client.server";
import { seedNewDataDir } from "./pristine-cluster.server";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-pglite-client-"));

let pglite: PGlite;
let client: PgliteClient;

beforeAll(async () => {
  // A new embedded database as the app makes one: a copy of the pristine cluster (decision 0185).
  const dir = path.join(scratch, "db");
  await seedNewDataDir(dir, { startParams: PGLITE_START });
  pglite = await PGlite.create(dir, { startParams: PGLITE_START });
  client = pgliteClient(pglite);
  await pglite.exec(`
    create table item (id int primary key, name text not null, weight numeric, done boolean, at timestamptz, tags text[], data jsonb);
    insert into item values (1, 'Squat — Kniebeuge', 62.5, true, '2026-12-06 10:00:00+00', '{a,"b c"}', '{"sets": 3}'), (2, 'Row', null, false, null, null, null);
  `);
});

afterAll(async () => {
  await pglite.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("the PGlite client", () => {
  it("reads rows as PGlite's own query does, as objects and as arrays, with each type's parser and nulls", async () => {
    const text = "select * from item where id >= $1 order by id";
    const theirs = await pglite.query(text, [1]);
    const ours = await client.query(text, [1]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows[0]).toMatchObject({ name: "Squat — Kniebeuge", done: true, tags: ["a", "b c"], data: { sets: 3 } });
    const asArrays = await client.query<unknown[]>(text, [1], { rowMode: "array", parsers: { 1184: (value) => `kept ${value}` } });
    expect(asArrays.rows[0]).toEqual([1, "Squat — Kniebeuge", "62.5", true, "kept 2026-12-06 10:00:00+00", ["a", "b c"], { sets: 3 }]);
    expect(asArrays.rows[1]).toEqual([2, "Row", null, false, null, null, null]);
  });

  it("counts the rows a statement changed", async () => {
    const result = await client.query("update item set done = $1 where id in (1, 2)", [true]);
    expect(result.affectedRows).toBe(2);
    expect((await client.query("select count(*)::int as n from item where done")).rows).toEqual([{ n: 2 }]);
  });

  it("throws the database's error with its fields, and the connection goes on", async () => {
    const error = await client.query("insert into item (id, name) values ($1, $2)", [1, "Again"]).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "23505", constraint: "item_pkey", table: "item", severity: "ERROR" });
    expect((error as Error).message).toMatch(/duplicate key/);
    await expect(client.query("select nothing from item")).rejects.toMatchObject({ code: "42703" });
    expect((await client.query("select name from item where id = $1", [2])).rows).toEqual([{ name: "Row" }]);
  });

  it("reads an answer larger than its buffer", async () => {
    const result = await client.query<{ n: number; text: string }>("select n, repeat('x', 100) as text from generate_series(1, 5000) n");
    expect(result.rows).toHaveLength(5000);
    expect(result.rows[4999]).toEqual({ n: 5000, text: "x".repeat(100) });
  });

  it("commits a transaction's writes and rolls back a failed one's", async () => {
    await client.transaction(async (tx) => {
      await tx.query("insert into item (id, name) values ($1, $2)", [10, "Deadlift"]);
    });
    const failed = client.transaction(async (tx) => {
      await tx.query("insert into item (id, name) values ($1, $2)", [11, "Press"]);
      await tx.query("insert into item (id, name) values ($1, $2)", [10, "Deadlift again"]);
    });
    await expect(failed).rejects.toMatchObject({ code: "23505" });
    expect((await client.query("select id from item where id >= 10 order by id")).rows).toEqual([{ id: 10 }]);
  });

  it("hands a notification committed by its statements to the listener before the writer goes on", async () => {
    const heard: string[] = [];
    const stop = await client.listen("item_changes", (payload) => heard.push(payload));
    await client.transaction(async (tx) => {
      await tx.query("select pg_notify('item_changes', $1)", ["in a transaction"]);
    });
    expect(heard).toEqual(["in a transaction"]);
    await client.query("select pg_notify('item_changes', $1)", ["alone"]);
    expect(heard).toEqual(["in a transaction", "alone"]);
    await stop();
    await client.query("select pg_notify('item_changes', $1)", ["after"]);
    expect(heard).toEqual(["in a transaction", "alone"]);
  });

  it("prepares a statement again when its table changed shape", async () => {
    const text = "select * from item where id = $1";
    expect(Object.keys((await client.query(text, [2])).rows[0] as object)).not.toContain("note");
    await pglite.exec("alter table item add column note text default 'new'");
    expect((await client.query(text, [2])).rows[0]).toMatchObject({ name: "Row", note: "new" });
  });
});
