// @test-database none
import { describe, expect, it } from "vitest";
import { writesKeptRows } from "./kept-tables";

describe("which statements write rows whose reads are kept", () => {
  it("sees Drizzle's and hand-written inserts, updates and deletes of the kept tables", () => {
    expect(writesKeptRows('insert into "messages" ("id", "member_id") values ($1, $2)')).toBe(true);
    expect(writesKeptRows('update "users" set "name" = $1 where "users"."id" = $2')).toBe(true);
    expect(writesKeptRows('delete from "sessions" where "sessions"."token" = $1')).toBe(true);
    expect(writesKeptRows("insert into conversation_reads (member_id, reader_id) select 1")).toBe(true);
    expect(writesKeptRows('with x as (select 1) insert into "site_settings" ("key", "value") values ($1, $2) on conflict do nothing')).toBe(true);
  });

  it("leaves out reads and the other tables, however alike their names", () => {
    expect(writesKeptRows('select "id" from "users" where "users"."email" = $1')).toBe(false);
    expect(writesKeptRows('with "logged" as (insert into "set_logs" ("id") values ($1) returning "set_number") update "workout_exercises" set "status" = $2')).toBe(false);
    expect(writesKeptRows('update "users_archive" set "x" = 1')).toBe(false);
    expect(writesKeptRows('insert into "message_attachments" ("id") values ($1)')).toBe(false);
  });
});
