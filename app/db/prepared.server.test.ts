/**
 * A statement prepared once per database (decision 0184): built at its first use, bound at
 * every `execute` to that call's values, and prepared again for another database.
 * @test-database both
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, openDatabase, setDatabase, type Database } from "./client.server";
import { user } from "./schema/auth";
import { preparedOnce } from "./prepared.server";

const userEmail = preparedOnce((db) => db.select({ email: user.email }).from(user).where(eq(user.id, sql.placeholder("id"))).prepare("prepared_test_user_email"));

describe("preparedOnce", () => {
  beforeAll(async () => {
    await getDb()
      .insert(user)
      .values([
        { id: "prepared-a", name: "A", email: "prepared-a@example.com" },
        { id: "prepared-b", name: "B", email: "prepared-b@example.com" },
      ]);
  });

  it("builds the statement once and fills its placeholders at each execute", async () => {
    expect(userEmail()).toBe(userEmail());
    expect(await userEmail().execute({ id: "prepared-a" })).toEqual([{ email: "prepared-a@example.com" }]);
    expect(await userEmail().execute({ id: "prepared-b" })).toEqual([{ email: "prepared-b@example.com" }]);
    expect(await userEmail().execute({ id: "nobody" })).toEqual([]);
  });

  describe("with another database", () => {
    let original: Database;
    let other: Database;
    let otherDir: string;

    beforeAll(async () => {
      original = getDatabase();
      // A second database with a users table of its own, empty (a new DATA_DIR: a copy of the pristine cluster, decision 0185).
      otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-prepared-"));
      other = await openDatabase({ kind: "pglite", dataDir: otherDir });
      await other.db.execute(sql`create table users (id text primary key, email text not null)`);
    });

    afterAll(async () => {
      setDatabase(original);
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    });

    it("prepares it again there, so each process's database answers from its own rows", async () => {
      const first = userEmail();
      setDatabase(other);
      try {
        expect(userEmail()).not.toBe(first);
        expect(await userEmail().execute({ id: "prepared-a" })).toEqual([]);
      } finally {
        setDatabase(original);
      }
      expect(userEmail()).toBe(first);
      expect(await userEmail().execute({ id: "prepared-a" })).toEqual([{ email: "prepared-a@example.com" }]);
    });
  });
});
